import { describe, expect, it } from 'vitest';
import { soundEffectBetween } from './sound-events.ts';
import { gameData } from './test-support/snapshots.ts';

const at = (x: number, vx: number, extra: Parameters<typeof gameData>[0] = {}) =>
  gameData({ ballPos: { x, y: 300 }, ballVelocity: { x: vx, y: 2 }, ...extra });

describe('SPEC §4: hit and score effects are derived from the snapshots', () => {
  it.each([
    {
      why: 'turned back at the left paddle',
      before: at(70, -6),
      after: at(76, 6.3),
      effect: { kind: 'hit' },
    },
    {
      why: 'turned back at the right paddle',
      before: at(730, 6),
      after: at(724, -6.3),
      effect: { kind: 'hit' },
    },
    {
      why: 'turned at the edge of the left margin (x 100)',
      before: at(104, -6),
      after: at(100, 6),
      effect: { kind: 'hit' },
    },
    { why: 'a turn in mid-field is no paddle', before: at(400, -6), after: at(406, 6), effect: null },
    { why: 'flying on toward a paddle', before: at(100, -6), after: at(94, -6), effect: null },
    { why: 'a wall bounce changes only y', before: at(300, 6), after: at(306, 6), effect: null },
    {
      why: 'the left player scored',
      before: at(790, 9),
      after: at(400, 0, { scores: [1, 0], gameState: 'roundEnd' }),
      effect: { kind: 'score', scorer: 0 },
    },
    {
      why: 'the right player scored',
      before: at(5, -9, { scores: [3, 4] }),
      after: at(400, 0, { scores: [3, 5], gameState: 'roundEnd' }),
      effect: { kind: 'score', scorer: 1 },
    },
    {
      why: 'the serve after a point (vx from 0) is no hit',
      before: at(400, 0, { gameState: 'roundEnd' }),
      after: at(406, 6),
      effect: null,
    },
    {
      why: 'a serve toward the other side after first serve is no hit',
      before: at(400, -6, { gameState: 'firstServe' }),
      after: at(406, 6),
      effect: null,
    },
    {
      why: 'a snapshot of another game',
      before: at(70, -6, { id: '11111111-2222-4333-8444-555555555555', scores: [0, 0] }),
      after: at(76, 6, { scores: [5, 5] }),
      effect: null,
    },
    { why: 'nothing seen before', before: null, after: at(76, 6), effect: null },
  ])('$why', ({ before, after, effect }) => {
    expect(soundEffectBetween(before, after)).toEqual(effect);
  });
});
