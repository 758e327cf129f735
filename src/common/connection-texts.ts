/**
 * What the lobby and the wait screen say while the game server cannot be reached (connection-banner.tsx).
 * SPEC §8's texts where it has them; the reducer's CHANNEL_TEXTS (state/view-changes.ts, on the first page,
 * where this file is not) holds the same two, and a test holds them equal.
 */
export const CONNECTION_BANNER_TEXTS = {
  /** SPEC §8, before the 5 failed attempts. */
  retrying: 'Connection lost - attempting to reconnect...',
  /** SPEC §8, after 5 failed attempts. */
  unable: 'Unable to reconnect. Please refresh the page.',
  stillTrying: 'Still trying to reach the server every few seconds.',
  tryNow: 'Try again now',
} as const;
