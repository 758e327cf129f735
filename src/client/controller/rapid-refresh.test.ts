import { describe, expect, it } from 'vitest';
import { RAPID_REFRESH_MS, resumeTarget } from './rapid-refresh.ts';

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const OTHER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const NOW = 5_000_000;
const last = (age: number, over: object = {}) => ({
  gameId: GAME,
  state: 'playing' as const,
  timestamp: NOW - age,
  playerIndex: 1 as const,
  ...over,
});

describe('rapid refresh and the stored game id', () => {
  it.each([
    ['no stored game, no last state: connect', null, null, null],
    ['a stored game id: reconnect to it', GAME, null, { gameId: GAME, rapid: null }],
    [
      'a stored game id and its last state under 15 s old: rapid refresh',
      GAME,
      last(RAPID_REFRESH_MS - 1),
      { gameId: GAME, rapid: { state: 'playing', playerIndex: 1 } },
    ],
    [
      'a last state exactly 15 s old is not rapid',
      GAME,
      last(RAPID_REFRESH_MS),
      { gameId: GAME, rapid: null },
    ],
    [
      'a last state under 15 s old without a stored id still rejoins its game',
      null,
      last(2_000),
      { gameId: GAME, rapid: { state: 'playing', playerIndex: 1 } },
    ],
    ['a last state over 15 s old alone: connect', null, last(RAPID_REFRESH_MS + 1), null],
    ['a finished game is not rejoined', null, last(1_000, { state: 'gameOver' }), null],
    ['a last state from the future is not rapid', null, last(-5_000), null],
    [
      "another game's last state does not restore the stored one's screen",
      GAME,
      last(1_000, { gameId: OTHER }),
      { gameId: GAME, rapid: null },
    ],
  ] as const)('%s', (_name, stored, lastState, expected) => {
    expect(resumeTarget(stored, lastState, NOW)).toEqual(expected);
  });
});
