import { expect } from 'vitest';
import type { GameData, ServerMessage } from '../../../common/protocol.ts';
import type { GameEvent } from '../game-events.ts';
import type { GameView } from '../game-view.ts';
import { initialGameView } from '../initial-view.ts';
import { reduce } from '../reduce.ts';
import { testGameData } from './game-data.ts';

/** The reducer tests' shared views and events (state/reduce-*.test.ts, one file per SPEC §4 group). */

export const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
export const OTHER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
export const AT = 1_000_000;
export const QUEUES = { practice: 2, smol_shrimp: 0, tiny_tuna: 0, mighty_marlin: 0, giga_whale: 1 };

export const view = (over: Partial<GameView> = {}): GameView => ({
  ...initialGameView('sess-1234'),
  ...over,
});
export const server = (message: ServerMessage, at = AT): GameEvent => ({ type: 'server', message, at });
export const data = (over: Partial<GameData> = {}): GameData =>
  testGameData({ scores: [3, 2], paddlePositions: [250, 350], timestamp: AT, ...over });
export const gameState = (over: Partial<GameData> = {}, timestamp = AT, at = AT): GameEvent =>
  server(
    { type: 'gameState', gameId: GAME, playerIndex: 0, timestamp, data: data({ ...over, timestamp }) },
    at,
  );
/** A game under way, seat 0. */
export const playing = (over: Partial<GameView> = {}) =>
  view({
    state: 'playing',
    gameId: GAME,
    playerIndex: 0,
    gameMode: 'smol_shrimp',
    connected: true,
    opponentFound: true,
    data: { winner: null, scores: [3, 2], paddlePositions: [300, 300], gameState: 'playing' },
    lastStateTimestamp: AT - 100,
    ...over,
  });
/** A practice search 12 s old, queued by the server. */
export const searching = (over: Partial<GameView> = {}) =>
  view({
    connected: true,
    searching: true,
    searchStartTime: AT - 12_000,
    searchQueued: true,
    gameMode: 'practice',
    ...over,
  });
export const gameOverInfo = {
  outcome: 'win' as const,
  scores: [11, 4] as [number, number],
  reason: 'score',
  message: 'You win!',
  opponentDisconnected: false,
};

export type Row = [
  name: string,
  before: GameView,
  event: GameEvent,
  expected: Partial<GameView> | 'unchanged',
];

/** Reduces `event` on `before` and checks the result: the same object, or one with `expected`'s fields. */
export function check(before: GameView, event: GameEvent, expected: Partial<GameView> | 'unchanged') {
  const after = reduce(before, event);
  if (expected === 'unchanged') expect(after).toBe(before);
  else expect(after).toMatchObject(expected);
  return after;
}
