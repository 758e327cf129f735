// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyPage, pageChunk } from '../lazy-page.tsx';
import { ChunkBoundary } from './chunk-boundary.tsx';
import { isChunkLoadError, LOAD_FAILURE_TEXT, LOAD_FAILURE_TITLE, loadFailureText } from './chunk-errors.ts';

/** A lazily loaded part that fails to load or render shows a reload notice, not a blank page. */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** What Chromium says when a deploy removed the chunk the open page names. */
const chunkGone = () =>
  new TypeError('Failed to fetch dynamically imported module: https://pong.test/assets/admin-page-1a2b3c.js');

const ourLog = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter((call) => call[0] === 'A part of the page failed to load or render');

const broken = new Error('cannot read the view');
function Broken(): never {
  throw broken;
}

describe('a lazily loaded chunk that fails', () => {
  it('a rejected lazy import shows the message and a Reload button that reloads the page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const chunk = pageChunk(() => Promise.reject(chunkGone()));
    render(<LazyPage chunk={chunk} reload={reload} />);
    const button = await screen.findByRole('button', { name: 'Reload' });
    expect(screen.getByRole('alert').textContent).toContain(LOAD_FAILURE_TITLE);
    expect(screen.getByText(LOAD_FAILURE_TEXT)).toBeTruthy();
    expect(ourLog(errors)).toHaveLength(1);
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page that throws while rendering shows the same notice and logs the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Lazy = lazy(() => Promise.resolve({ default: Broken }));
    render(
      <ChunkBoundary reload={() => {}}>
        <Lazy />
      </ChunkBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText(LOAD_FAILURE_TITLE)).toBeTruthy();
    expect(ourLog(errors)[0]?.[1]).toBe(broken);
  });

  it('a chunk that loads renders its page, with no notice', async () => {
    const chunk = pageChunk(() => Promise.resolve(() => <p>admin page</p>));
    render(<LazyPage chunk={chunk} />);
    expect(await screen.findByText('admin page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('a floating part (a dialog) shows the notice over the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Lazy = lazy(() => Promise.reject(chunkGone()));
    render(
      <ChunkBoundary floating reload={() => {}}>
        <Lazy />
      </ChunkBoundary>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.parentElement?.className).toContain('fixed');
  });
});

describe('chunk load errors are told apart from other failures', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
    'error loading dynamically imported module: https://x/assets/a.js',
    'Importing a module script failed.',
    'Loading chunk 7 failed.',
  ])('%s asks for a reload', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(loadFailureText(new TypeError(message))).toBe(LOAD_FAILURE_TEXT);
  });

  it('any other failure keeps its own message', () => {
    expect(isChunkLoadError(new Error('Transaction rejected by user'))).toBe(false);
    expect(loadFailureText(new Error('Transaction rejected by user'))).toBe('Transaction rejected by user');
  });
});
