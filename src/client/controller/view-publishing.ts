import type { GameView } from '../state/game-view.ts';

/**
 * Whether two views look the same on screen. A keyframe (gameState) changes paddle positions and timestamp,
 * but the canvas reads those from the match feed (STYLE.md 8), so React
 * re-renders only when something a screen shows has changed (a score, the state, a countdown second...).
 */
const NOT_ON_SCREEN = new Set<keyof GameView>(['data', 'lastStateTimestamp', 'lastEvent']);

export function onScreenEqual(a: GameView, b: GameView): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof GameView>);
  for (const key of keys) {
    if (NOT_ON_SCREEN.has(key)) continue;
    if (a[key] !== b[key]) return false;
  }
  return (
    a.data.gameState === b.data.gameState &&
    a.data.winner === b.data.winner &&
    a.data.scores[0] === b.data.scores[0] &&
    a.data.scores[1] === b.data.scores[1]
  );
}
