import { describe, it } from 'vitest';
import { AT, check, gameOverInfo, playing, type Row, searching } from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Client game flow": the player's actions (playAgain, exit,
 * forceDisconnect, menu, reconnect).
 */

describe('player actions', () => {
  const finished = playing({
    state: 'gameOver',
    gameOver: gameOverInfo,
    queueLengths: { practice: 1 },
    playersOnline: 5,
  });
  it.each<Row>([
    [
      'playAgain sets searching and waiting (practice searches again)',
      { ...finished, gameMode: 'practice' },
      { type: 'playAgain', at: AT },
      {
        state: 'waiting',
        searching: true,
        searchStartTime: AT,
        gameMode: 'practice',
        gameId: null,
        gameOver: null,
      },
    ],
    [
      'playAgain of a paid mode goes back to the lobby with the mode chosen (a new payment is needed)',
      finished,
      { type: 'playAgain', at: AT },
      { state: 'waiting', searching: false, gameMode: 'smol_shrimp', gameId: null, gameOver: null },
    ],
    ...(['exit', 'forceDisconnect', 'returnToMenu'] as const).map(
      (type): Row => [
        `${type} returns to the menu with nothing of the game`,
        finished,
        { type, at: AT },
        {
          state: 'waiting',
          gameId: null,
          gameOver: null,
          playerIndex: null,
          connected: true,
          queueLengths: { practice: 1 },
          playersOnline: 5,
        },
      ],
    ),
    [
      "'Reconnect Now' is under way: 'Reconnecting...'",
      playing({ isDisconnected: true, canReconnect: true }),
      { type: 'reconnectAttempt', at: AT },
      { reconnecting: true },
    ],
    [
      'no reconnect when it is impossible',
      playing({ isDisconnected: true, canReconnect: false }),
      { type: 'reconnectAttempt', at: AT },
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('exit from a search (a paid search is left only after 10 s)', () => {
  const TOO_EARLY = 'You can cancel a paid search only after 10 seconds of waiting';
  const paid = (waitedMs: number) =>
    searching({ gameMode: 'smol_shrimp', paymentSignature: 'x'.repeat(88), searchStartTime: AT - waitedMs });
  it.each<Row>([
    [
      "a paid search under 10 s old: it goes on, with the server's cancel-too-early text",
      paid(4_000),
      { type: 'exit', at: AT },
      {
        searching: true,
        gameMode: 'smol_shrimp',
        cancelling: 'idle',
        lastError: TOO_EARLY,
        lastErrorCode: 'cancel_too_early',
        notice: { id: 1, kind: 'error', message: TOO_EARLY, code: 'cancel_too_early' },
      },
    ],
    [
      "a paid search 10 s old is cancelled: 'Cancelling matchmaking...' until the refund's reply",
      paid(10_000),
      { type: 'exit', at: AT },
      { searching: true, cancelling: 'cancelling', lastError: null },
    ],
    [
      'a practice search may be left at once (nothing to refund)',
      searching({ searchStartTime: AT - 1_000 }),
      { type: 'exit', at: AT },
      { searching: true, cancelling: 'cancelling' },
    ],
    [
      'a cancel already under way: exit adds nothing',
      { ...paid(20_000), cancelling: 'cancelling' },
      { type: 'exit', at: AT },
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
