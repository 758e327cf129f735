import { describe, expect, it } from 'vitest';
import type { GameView } from '../state/game-view.ts';
import { initialGameView } from '../state/initial-view.ts';
import {
  chooseScreen,
  type GameScreenName,
  opponentHeading,
  shortGameId,
  showCancelMatch,
  waitProgressPercent,
  waitStatusText,
} from './screen-rules.ts';

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const view = (over: Partial<GameView>): GameView => ({ ...initialGameView(), ...over });
const over = {
  outcome: 'win' as const,
  scores: [11, 2] as [number, number],
  reason: 'score',
  message: '',
  opponentDisconnected: false,
};

describe('the game page chooses one screen from game state', () => {
  it.each<[string, Partial<GameView>, GameScreenName]>([
    ['waiting (default): start', {}, 'start'],
    ['searching: loading', { searching: true }, 'loading'],
    ['opponent found but no game id yet: loading', { opponentFound: true }, 'loading'],
    ['countdown: countdown', { state: 'countdown', gameId: GAME, opponentFound: true }, 'countdown'],
    [
      "a match just found (its 3 s 'OPPONENT FOUND!'): loading",
      { state: 'countdown', gameId: GAME, opponentFound: true, opponentFoundAt: 1 },
      'loading',
    ],
    [
      'the connection lost during those 3 s: countdown (its Connection Lost panel)',
      { state: 'countdown', gameId: GAME, opponentFound: true, opponentFoundAt: 1, isDisconnected: true },
      'countdown',
    ],
    [
      "the countdown at 0 (first serve, 'GO!'): countdown",
      { state: 'firstServe', gameId: GAME, goAt: 1 },
      'countdown',
    ],
    ['first serve: game', { state: 'firstServe', gameId: GAME }, 'game'],
    ['playing: game', { state: 'playing', gameId: GAME }, 'game'],
    ['round end: game', { state: 'roundEnd', gameId: GAME }, 'game'],
    ['opponent away: game (with its overlay)', { state: 'waitingForReconnection', gameId: GAME }, 'game'],
    ['game over: game over', { state: 'gameOver', gameId: GAME, gameOver: over }, 'gameOver'],
    [
      'a stored game being rejoined (no rapid state): start, under the reconnect dialog',
      { gameId: GAME, isDisconnected: true },
      'start',
    ],
  ])('%s', (_name, over, screen) => {
    expect(chooseScreen(view(over))).toBe(screen);
  });
});

describe('wait screen rules', () => {
  it.each([
    [0, 'Finding an opponent...'],
    [29_999, 'Finding an opponent...'],
    [30_000, 'Still looking...'],
    [59_999, 'Still looking...'],
    [60_000, 'Taking longer than usual...'],
    [89_999, 'Taking longer than usual...'],
    [90_000, 'Keep waiting or try a different mode'],
    [600_000, 'Keep waiting or try a different mode'],
  ])('status after %i ms: %s', (ms, text) => {
    expect(waitStatusText(ms)).toBe(text);
  });

  it.each([
    [0, 0],
    [999, 0],
    [1_000, 2],
    [12_500, 24],
    [50_000, 100],
    [80_000, 100],
  ])('progress grows 2%% per second: %i ms → %i%%', (ms, percent) => {
    expect(waitProgressPercent(ms)).toBe(percent);
  });

  it.each([
    ['before 10 s: no', { searching: true }, 9_999, false],
    ['at 10 s: yes', { searching: true }, 10_000, true],
    ['an opponent found: no', { searching: true, opponentFound: true }, 20_000, false],
    ['a cancel under way: no', { searching: true, cancelling: 'cancelling' as const }, 20_000, false],
    ['not searching: no', {}, 20_000, false],
  ])("'CANCEL MATCH' %s", (_name, over, waited, shown) => {
    expect(showCancelMatch(view(over), waited)).toBe(shown);
  });

  it('the reconnect dialog shows the first 8 characters of the game id; the overlay names the player', () => {
    expect(shortGameId(GAME)).toBe('0b5e7a52');
    expect(opponentHeading(1)).toBe('Player 2 Disconnected');
    expect(opponentHeading(0)).toBe('Player 1 Disconnected');
    expect(opponentHeading(null)).toBe('Opponent Disconnected');
  });
});

describe('a page that reloaded during a match', () => {
  it.each([
    [
      'waiting for the server, no game yet: the rejoining screen, never the lobby',
      { rejoining: true },
      'rejoining',
    ],
    ['a game-over screen asked back: the rejoining screen', { rejoining: true }, 'rejoining'],
    ['nothing to rejoin: the lobby', { rejoining: false }, 'start'],
    [
      'a rapid refresh already on its game: the game',
      { rejoining: true, gameId: GAME, state: 'playing' },
      'game',
    ],
  ] as const)('%s', (_name, over, screen) => {
    expect(chooseScreen(view(over as Partial<GameView>))).toBe(screen);
  });
});
