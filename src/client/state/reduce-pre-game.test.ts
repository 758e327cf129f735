import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import { reduce } from './reduce.ts';
import {
  AT,
  check,
  GAME,
  gameState,
  playing,
  type Row,
  searching,
  server,
} from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Search and match": searching -> opponent found (3 s
 * countdown) -> pre-game countdown -> game, with SPEC §2's 'OPPONENT FOUND! MATCH STARTING SOON' (skipped if
 * a game id already exists) and the pre-game countdown's 'GO!' at 0.
 */

const matched: ServerMessage = {
  type: 'matched',
  gameId: GAME,
  playerIndex: 0,
  data: { opponentName: 'Player-AbCd', gameMode: 'practice', seedHash: 'h', countdownTime: 5 },
};
/** The match just found from a search: the opponent-found screen is up. */
const found = () => reduce(searching(), server(matched));
/** The pre-game countdown on screen (the opponent-found 3 s are over). */
const counting = (over = {}) =>
  playing({ state: 'countdown', countdownTime: 1, opponentFoundAt: null, goAt: null, ...over });

describe('opponent found: 3 s before the pre-game countdown', () => {
  it.each<Row>([
    [
      'a match found from a search shows the opponent-found screen from the moment it came',
      searching(),
      server(matched, AT + 7),
      { state: 'countdown', gameId: GAME, opponentFound: true, opponentFoundAt: AT + 7, goAt: null },
    ],
    [
      'the opponent-found countdown is skipped if a game id already exists',
      playing({ state: 'countdown', opponentFoundAt: null }),
      server(matched),
      { state: 'countdown', gameId: GAME, opponentFoundAt: null },
    ],
    [
      'its 3 s over: the pre-game countdown',
      playing({ state: 'countdown', opponentFoundAt: AT - 3_000 }),
      { type: 'opponentFoundElapsed', at: AT },
      { state: 'countdown', opponentFoundAt: null },
    ],
    [
      'no opponent-found screen: its end changes nothing',
      counting(),
      { type: 'opponentFoundElapsed', at: AT },
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });

  it("the server's countdown seconds during the 3 s keep the opponent-found screen", () => {
    const after = reduce(found(), gameState({ gameState: 'countdown', countdownTime: 4 }, AT + 1_000));
    expect(after).toMatchObject({ state: 'countdown', countdownTime: 4, opponentFoundAt: AT });
  });

  it('a game that starts within the 3 s ends the opponent-found screen (the game is not held back)', () => {
    const after = reduce(found(), gameState({ gameState: 'firstServe' }, AT + 1_000, AT + 1_000));
    expect(after).toMatchObject({ state: 'firstServe', opponentFoundAt: null });
  });
});

describe("the pre-game countdown ends with 'GO!'", () => {
  it.each<Row>([
    [
      "the countdown reaching 0 (the first serve) shows 'GO!' from that moment",
      counting(),
      gameState({ gameState: 'firstServe' }, AT, AT + 5),
      { state: 'firstServe', goAt: AT + 5 },
    ],
    [
      "'GO!' shown for its moment: the game screen",
      counting({ state: 'firstServe', goAt: AT - 500 }),
      { type: 'goElapsed', at: AT },
      { state: 'firstServe', goAt: null },
    ],
    [
      "play under way ends 'GO!'",
      counting({ state: 'firstServe', goAt: AT - 100 }),
      gameState({ gameState: 'playing' }),
      { state: 'playing', goAt: null },
    ],
    [
      "a first serve not after a countdown (a reconnect to a game under way) has no 'GO!'",
      playing({ state: 'roundEnd' }),
      gameState({ gameState: 'firstServe' }),
      { state: 'firstServe', goAt: null },
    ],
    ["no 'GO!' on screen: its end changes nothing", counting(), { type: 'goElapsed', at: AT }, 'unchanged'],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
