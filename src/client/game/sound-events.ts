import { CANVAS_WIDTH, PADDLE_OFFSET, PADDLE_WIDTH } from '../../common/game/constants.ts';
import type { GameData } from '../../common/protocol.ts';

/**
 * SPEC §4: a hit or score effect is derived from the snapshots, not from a server event: a score change is a
 * point; the ball turning back toward the midline (its x velocity changing sign) within the margin of a
 * paddle is a hit. Wall bounces change only y and make no sound.
 */

export type SoundEffect = { kind: 'hit' } | { kind: 'score'; scorer: 0 | 1 };

/** SPEC §4's margin (width 800, margin 40): a turn this close to a paddle's face counts as its hit. */
export const HIT_MARGIN = 40;
const LEFT_ZONE = PADDLE_OFFSET + PADDLE_WIDTH + HIT_MARGIN;
const RIGHT_ZONE = CANVAS_WIDTH - LEFT_ZONE;

const HIT: SoundEffect = { kind: 'hit' };
const SCORED: readonly [SoundEffect, SoundEffect] = [
  { kind: 'score', scorer: 0 },
  { kind: 'score', scorer: 1 },
];

/** The effect between the previously seen snapshot and the next one, or null (also across games). */
export function soundEffectBetween(previous: GameData | null, next: GameData): SoundEffect | null {
  if (!previous || previous.id !== next.id) return null;
  if (next.scores[0] > previous.scores[0]) return SCORED[0];
  if (next.scores[1] > previous.scores[1]) return SCORED[1];
  if (previous.gameState !== 'playing' || next.gameState !== 'playing') return null;
  const before = previous.ballVelocity.x;
  const after = next.ballVelocity.x;
  if (before === 0 || after === 0 || Math.sign(before) === Math.sign(after)) return null;
  // Moving left then right is a turn at the left paddle, and the other way round at the right one.
  if (after > 0) return next.ballPos.x <= LEFT_ZONE ? HIT : null;
  return next.ballPos.x >= RIGHT_ZONE ? HIT : null;
}
