import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from '../../App.tsx';
import { createQueryClient } from '../../query-client.ts';

/**
 * The back-office in the browser's own location (jsdom's history), for the tests of its addresses: what a
 * link opens, a reload keeps and Back returns to. The admin pages must be preloaded (`preloadPages`).
 */

/** The app opened at `url`, as a link or a typed address opens it. */
export function openAt(url: string) {
  window.history.pushState(null, '', url);
  return reload();
}

/** A reload: the app mounted afresh at the address the browser holds. */
export async function reload() {
  cleanup();
  render(<App queryClient={createQueryClient()} />);
  await screen.findByTestId('admin-role');
}

/** The address the browser shows: path and query. */
export const here = () => `${window.location.pathname}${window.location.search}`;

export const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

/** The browser's Back, once the app has moved to the address before. */
export const back = () =>
  act(async () => {
    const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    window.history.back();
    await moved;
  });
