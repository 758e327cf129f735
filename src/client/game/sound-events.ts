import { CANVAS_WIDTH, PADDLE_OFFSET, PADDLE_WIDTH } from '../../common/game/constants.ts';
import type { GameData, ServerMessageOf } from '../../common/protocol.ts';

/**
 * SPEC §4: a hit or score effect is derived from the ball near a paddle (margin 40 of width 800) or a score
 * change. A score is a keyframe whose score went up. A hit is the server's `ballEvent` of kind 'hit' as it
 * arrives: the ball turned back at a paddle's face, well within the margin. It is the server's return, not a
 * predicted one: a return the client drew but the server did not make (its paddle was not there yet) makes
 * no sound; the sound comes one-way latency after the drawn contact (the ball is drawn at the server's time).
 * Wall bounces make no sound.
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

/** The score effect between the previous keyframe and the next one, or null (also across games). */
export function scoreEffectBetween(previous: GameData | null, next: GameData): SoundEffect | null {
  if (!previous || previous.id !== next.id) return null;
  if (next.scores[0] > previous.scores[0]) return SCORED[0];
  if (next.scores[1] > previous.scores[1]) return SCORED[1];
  return null;
}

/** The hit effect of a ball event: a return leaving a paddle within the margin, or null (a serve). */
export function hitEffectOf(event: ServerMessageOf<'ballEvent'>): SoundEffect | null {
  if (event.kind !== 'hit') return null;
  const [x, , vx] = event.ball;
  // Moving right, it left the left paddle; moving left, the right one.
  if (vx > 0) return x <= LEFT_ZONE ? HIT : null;
  if (vx < 0) return x >= RIGHT_ZONE ? HIT : null;
  return null;
}
