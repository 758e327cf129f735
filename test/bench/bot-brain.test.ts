import { describe, expect, it } from 'vitest';
import { TICK_HZ, TICK_MS } from '../../src/common/game/constants.ts';
import { createMatchPhysics, type MatchPhysics, step } from '../../src/common/game/physics.ts';
import type { GameData } from '../../src/common/protocol.ts';
import {
  arrivalY,
  createBotBrain,
  randomSkill,
  seededRandom,
} from '../../src/server/game/match/bot-brain.ts';

const asSnapshot = (p: MatchPhysics) =>
  ({
    gameState: p.phase.name,
    ballPos: { x: p.ball.x, y: p.ball.y },
    ballVelocity: { x: p.ball.vx, y: p.ball.vy },
    paddlePositions: p.paddles,
  }) as GameData;

/** Two bots play a match on the shared physics, seeing every tick's snapshot as a bot would. */
function playMatch(seed: number) {
  const random = seededRandom(seed);
  const bots = [0, 1].map((seat) => createBotBrain(seat as 0 | 1, randomSkill(random), random));
  let physics = createMatchPhysics('0123456789abcdef'.repeat(2), 5);
  let hits = 0;
  const targets: [number | null, number | null] = [null, null];
  for (let tick = 0; tick < TICK_HZ * 600; tick++) {
    const stepped = step(physics, targets);
    physics = stepped.state;
    hits += stepped.events.filter((e) => e.type === 'paddleHit').length;
    if (physics.phase.name === 'gameOver') return { seconds: tick / TICK_HZ, hits, scores: physics.scores };
    for (const seat of [0, 1] as const) targets[seat] = bots[seat]!.see(asSnapshot(physics), tick * TICK_MS);
  }
  return { seconds: Number.POSITIVE_INFINITY, hits, scores: physics.scores };
}

describe('bench: bots play like people, so rallies end and matches restart', () => {
  it.each([1, 2, 3])('seed %i: the match ends within five minutes, with rallies of several hits', (seed) => {
    const match = playMatch(seed);
    const points = match.scores[0] + match.scores[1];
    expect(match.seconds).toBeLessThan(300);
    expect(Math.max(...match.scores)).toBe(11);
    expect(match.hits / points).toBeGreaterThan(1.5);
  });

  it('reads where the ball arrives with the walls folded in, and nothing when it moves away', () => {
    // From (400, 300) at (+10, +5): 332 units to the right face at x 732 take 33.2 ticks, so 166 down → y 466.
    expect(arrivalY({ x: 400, y: 300 }, { x: 10, y: 5 }, 732)).toBeCloseTo(466, 6);
    // At (+10, +10) it would reach y 632: past the bottom wall (592 for the centre), so back up to 552.
    expect(arrivalY({ x: 400, y: 300 }, { x: 10, y: 10 }, 732)).toBeCloseTo(552, 6);
    expect(arrivalY({ x: 400, y: 300 }, { x: -10, y: 5 }, 732)).toBeNull();
  });

  it('moves its hand no faster than its hand speed', () => {
    const skill = { reactionMs: 0, handSpeed: 600, error: 0, errorPerSpeed: 0 };
    const brain = createBotBrain(1, skill, () => 0.5);
    brain.reset(300);
    const coming = { ...asSnapshot(createMatchPhysics('0'.repeat(32), 5)), gameState: 'playing' } as GameData;
    const fast = { ...coming, ballPos: { x: 400, y: 300 }, ballVelocity: { x: 10, y: 10 } };
    brain.see(fast, 0);
    expect(brain.see(fast, 100)).toBeCloseTo(360, 6);
  });
});
