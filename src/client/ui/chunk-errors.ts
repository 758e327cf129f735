/**
 * A lazily loaded chunk that fails to arrive, typically because a deploy replaced the files the open page
 * names: browsers word it differently, so the texts are matched loosely.
 */
const CHUNK_LOAD_FAILURES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk .* failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_LOAD_FAILURES.some((pattern) => pattern.test(text));
}

/** What a player reads when part of the page cannot be loaded or shown. */
export const LOAD_FAILURE_TITLE = 'This part of the page could not be loaded';
export const LOAD_FAILURE_TEXT =
  'A new version may have been released since this page was opened. Reload the page to get it.';

/** A failure's text for a status box or toast: the reload hint for a missing chunk, else its own message. */
export function loadFailureText(error: unknown): string {
  if (isChunkLoadError(error)) return LOAD_FAILURE_TEXT;
  return error instanceof Error ? error.message : String(error);
}
