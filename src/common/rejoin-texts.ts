/**
 * What a page that reloaded during a match (or at its game-over screen) shows while the server tells it where
 * the match stands: neither the lobby nor a game it does not have yet.
 */
export const REJOIN_TEXTS = {
  title: 'REJOINING YOUR MATCH',
  detail: 'One moment: the server is telling this page where your match stands.',
} as const;
