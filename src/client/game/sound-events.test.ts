import { describe, expect, it } from 'vitest';
import type { ServerMessageOf } from '../../common/protocol.ts';
import { hitEffectOf, scoreEffectBetween } from './sound-events.ts';
import { GAME_ID, gameData } from './test-support/keyframes.ts';

const at = (x: number, vx: number, extra: Parameters<typeof gameData>[0] = {}) =>
  gameData({ ballPos: { x, y: 300 }, ballVelocity: { x: vx, y: 2 }, ...extra });

describe('SPEC §4 score effect: a keyframe whose score went up', () => {
  it.each([
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
    { why: 'the same score (a keyframe of the rally)', before: at(300, 6), after: at(306, 6), effect: null },
    {
      why: 'a keyframe of another game',
      before: at(70, -6, { id: '11111111-2222-4333-8444-555555555555', scores: [0, 0] }),
      after: at(76, 6, { scores: [5, 5] }),
      effect: null,
    },
    { why: 'nothing seen before', before: null, after: at(76, 6), effect: null },
  ])('$why', ({ before, after, effect }) => {
    expect(scoreEffectBetween(before, after)).toEqual(effect);
  });
});

describe('SPEC §4 hit effect: the server’s return at a paddle, within the margin of 40', () => {
  const event = (kind: 'serve' | 'hit', x: number, vx: number): ServerMessageOf<'ballEvent'> => ({
    type: 'ballEvent',
    gameId: GAME_ID,
    kind,
    tick: 100,
    at: 1_000,
    ball: [x, 300, vx, 1],
    rallyHits: 1,
    paddles: [300, 300],
  });

  it.each([
    { why: 'a return off the left paddle', e: event('hit', 68, 6.3), effect: { kind: 'hit' } },
    { why: 'a return off the right paddle', e: event('hit', 732, -6.3), effect: { kind: 'hit' } },
    { why: 'a serve is no hit', e: event('serve', 400, 6), effect: null },
    { why: 'a turn in mid-field is no paddle', e: event('hit', 400, 6), effect: null },
    { why: 'moving right yet at the right paddle is no left return', e: event('hit', 732, 6), effect: null },
  ])('$why', ({ e, effect }) => {
    expect(hitEffectOf(e)).toEqual(effect);
  });
});
