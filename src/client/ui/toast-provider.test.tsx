// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastInput, ToastProvider, useToast } from './toast-provider.tsx';
import { toastDuration } from './toast-timing.ts';
import { ToastAnchor } from './toast-viewport.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ input }: { input: ToastInput }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      show {input.title}
    </button>
  );
}

function renderToasts(...inputs: ToastInput[]) {
  render(
    <ToastProvider>
      {inputs.map((input) => (
        <Trigger key={input.title} input={input} />
      ))}
    </ToastProvider>,
  );
  return (title: string) => fireEvent.click(screen.getByRole('button', { name: `show ${title}` }));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shown = (title: string) => screen.queryByText(title)?.closest('[data-state]');

describe('toast area', () => {
  it('toast: hangs from the page’s anchor under the wallet bar where there is one, else fixed to the window', () => {
    render(
      <ToastProvider>
        <header>
          <button type="button">Disconnect</button>
        </header>
        <ToastAnchor />
        <Trigger input={{ title: 'Payment Failed', variant: 'destructive' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show Payment Failed' }));
    const area = screen.getByRole('alert').closest('section');
    expect(area?.parentElement?.id).toBe('toast-anchor');
    cleanup();

    renderToasts({ title: 'Airdrop Received' })('Airdrop Received');
    expect(screen.getByRole('status').closest('section')?.parentElement?.id).not.toBe('toast-anchor');
    expect(screen.getByRole('status').closest('section')?.className).toContain('fixed');
  });

  it('toast: one at a time, 5000 ms then a 500 ms fade', () => {
    const show = renderToasts({ title: 'First', description: 'one' }, { title: 'Second' });
    show('First');
    expect(shown('First')?.getAttribute('data-state')).toBe('open');
    advance(1000);
    show('Second');
    expect(shown('First')).toBeUndefined();
    expect(screen.getAllByRole('status')).toHaveLength(1);

    advance(4999);
    expect(shown('Second')?.getAttribute('data-state')).toBe('open');
    advance(1);
    expect(shown('Second')?.getAttribute('data-state')).toBe('closing');
    expect(shown('Second')?.className).toContain('opacity-0');
    advance(499);
    expect(shown('Second')).toBeTruthy();
    advance(1);
    expect(shown('Second')).toBeUndefined();
  });

  it('toast: a destructive toast is an alert and keeps its own 10 s duration', () => {
    const show = renderToasts({ title: 'Account Restricted', variant: 'destructive', duration: 10_000 });
    show('Account Restricted');
    expect(screen.getByRole('alert').getAttribute('data-variant')).toBe('destructive');
    advance(9999);
    expect(shown('Account Restricted')?.getAttribute('data-state')).toBe('open');
    advance(1);
    advance(500);
    expect(shown('Account Restricted')).toBeUndefined();
  });

  it('toast: closing by hand fades over 500 ms', () => {
    const show = renderToasts({ title: 'Hello' });
    show('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(shown('Hello')?.getAttribute('data-state')).toBe('closing');
    advance(499);
    expect(shown('Hello')).toBeTruthy();
    advance(1);
    expect(shown('Hello')).toBeUndefined();
  });

  it.each([
    [undefined, 5000],
    [1000, 3000],
    [3000, 3000],
    [6000, 6000],
    [10_000, 10_000],
    [60_000, 10_000],
    [Number.NaN, 5000],
  ])('toast duration %s → %i ms (5 s default, 3-10 s)', (requested, expected) => {
    expect(toastDuration(requested)).toBe(expected);
  });

  it('useToast outside its provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger input={{ title: 'x' }} />)).toThrow(/ToastProvider/);
  });
});
