/**
 * The react-query key the Limits panel saves under, and the signal it gives when a save may open or close paid
 * modes: the lobby (which reads them without react-query's hooks, kept off the first page) reads them again.
 */
export const LIMITS_KEY = ['player-limits'] as const;

const saved = new EventTarget();
const SAVED = 'saved';

/** The Limits panel saved a limit or an exclusion. */
export function announceLimitsSaved(): void {
  saved.dispatchEvent(new Event(SAVED));
}

/** Calls `listener` after each save; returns the unsubscribe. */
export function onLimitsSaved(listener: () => void): () => void {
  saved.addEventListener(SAVED, listener);
  return () => saved.removeEventListener(SAVED, listener);
}
