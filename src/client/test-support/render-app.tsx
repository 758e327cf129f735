import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App, preloadPages } from '../App.tsx';
import { createQueryClient } from '../query-client.ts';

// The admin pages load lazily in the browser; here they are ready before any test renders them.
await preloadPages();

/** Renders the whole app at `path` with an in-memory location whose history the test can read. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const view = render(<App queryClient={queryClient} locationHook={location.hook} />);
  return { ...view, location, queryClient };
}

/** A JSON response for fetch stubs. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
