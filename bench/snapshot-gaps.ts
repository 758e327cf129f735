/**
 * The time between consecutive states (a Colyseus room's) or keyframes (the product's `gameState`) one bot
 * receives in one game. A new game starts a new series: the wait between two games is not a gap in a stream.
 */
export interface GapCounter {
  /** A gameState of `gameId` arrived at `atMs`; returns the gap since the previous one, or null for the first. */
  arrived(gameId: string, atMs: number): number | null;
}

export function createGapCounter(): GapCounter {
  let game: string | null = null;
  let last = 0;
  return {
    arrived(gameId, atMs) {
      const gap = gameId === game ? atMs - last : null;
      game = gameId;
      last = atMs;
      return gap;
    },
  };
}
