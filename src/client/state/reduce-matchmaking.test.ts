import { describe, it } from 'vitest';
import {
  AT,
  check,
  GAME,
  playing,
  QUEUES,
  type Row,
  searching,
  server,
  view,
} from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Search and match": find match, the search, cancel, matched.
 */

describe('search and match', () => {
  it.each<Row>([
    [
      'find match: searching is set with the start time, mode and payment signature',
      view({ connected: true }),
      { type: 'findMatch', mode: 'tiny_tuna', paymentSignature: 'sig'.repeat(30), at: AT },
      {
        searching: true,
        searchStartTime: AT,
        gameMode: 'tiny_tuna',
        paymentSignature: 'sig'.repeat(30),
        state: 'waiting',
      },
    ],
    [
      'find match: already searching is ignored',
      searching(),
      { type: 'findMatch', mode: 'tiny_tuna', paymentSignature: null, at: AT },
      'unchanged',
    ],
    [
      'find match: a game under way is not left by searching',
      playing(),
      { type: 'findMatch', mode: 'practice', paymentSignature: null, at: AT },
      'unchanged',
    ],
    [
      "the first findMatch reply starts the wait: the server's 10 s count from when it queued the search",
      searching({ searchStartTime: AT - 300, searchQueued: false, gameMode: 'smol_shrimp' }),
      server({ type: 'findMatch', status: 'searching', gameMode: 'smol_shrimp', message: 'Searching' }),
      { searching: true, searchStartTime: AT, searchQueued: true },
    ],
    [
      'a findMatch reply keeps searching (the start time stays)',
      searching(),
      server({ type: 'findMatch', status: 'searching', gameMode: 'practice', message: 'Searching' }),
      { searching: true, searchStartTime: AT - 12_000, gameMode: 'practice' },
    ],
    [
      'a findMatch reply on a new socket (an away search taken back) shows the search again',
      view({ connected: true }),
      server({ type: 'findMatch', status: 'searching', gameMode: 'tiny_tuna', message: 'Searching' }),
      { searching: true, searchStartTime: AT, gameMode: 'tiny_tuna' },
    ],
    [
      'joinQueue: searching in its queue, players online',
      searching(),
      server({ type: 'joinQueue', queueType: 'practice', queuePosition: 1, playersOnline: 7 }),
      { searching: true, playersOnline: 7 },
    ],
    [
      'queueUpdate: queue lengths per mode and players online',
      view(),
      server({ type: 'queueUpdate', queueLengths: QUEUES, playersOnline: 9 }),
      { queueLengths: QUEUES, playersOnline: 9 },
    ],
    [
      'connect: the session id and players online',
      view({ sessionId: null }),
      server({ type: 'connect', id: 'c1', sessionId: 'server-session-1', playersOnline: 4 }),
      { sessionId: 'server-session-1', playersOnline: 4 },
    ],
    [
      "cancel: 'Cancelling matchmaking...' while the cancel is under way",
      searching(),
      { type: 'cancelSearch', at: AT },
      { cancelling: 'cancelling', searching: true },
    ],
    ['cancel: nothing to cancel when not searching', view(), { type: 'cancelSearch', at: AT }, 'unchanged'],
    [
      "cancel: a paid search still unanswered at the backup shows 'Refund being processed...'",
      searching({ gameMode: 'smol_shrimp', paymentSignature: 'x'.repeat(88), cancelling: 'cancelling' }),
      { type: 'cancelBackupDue', at: AT },
      { cancelling: 'refunding' },
    ],
    [
      'cancel: a practice search has no refund to process',
      searching({ cancelling: 'cancelling' }),
      { type: 'cancelBackupDue', at: AT },
      'unchanged',
    ],
    [
      'a cancelSearch reply stops searching and returns to waiting, with the refund for the toast',
      searching({ gameMode: 'smol_shrimp', paymentSignature: 'x'.repeat(88), cancelling: 'refunding' }),
      server({
        type: 'cancelSearch',
        success: true,
        message: 'Search cancelled: 0.02425 SOL (97%) will be refunded',
        refundLamports: '24250000',
        refundAmount: 0.02425,
      }),
      {
        searching: false,
        searchStartTime: null,
        cancelling: 'idle',
        state: 'waiting',
        paymentSignature: null,
        notice: { id: 1, kind: 'searchCancelled', refundLamports: '24250000' },
      },
    ],
    [
      'the answer to a repeated cancel changes nothing (one toast)',
      view({ connected: true, notice: { id: 1, kind: 'searchCancelled', refundLamports: '24250000' } }),
      server({ type: 'cancelSearch', success: true, message: 'again', refundLamports: '24250000' }),
      'unchanged',
    ],
    [
      'a refused cancel ends the cancel and shows why',
      searching({ cancelling: 'cancelling' }),
      server({ type: 'cancelSearch', success: false, message: 'No' }),
      { cancelling: 'idle', searching: true, lastError: 'No' },
    ],
    [
      'a cancel before 10 s: the search goes on',
      searching({ cancelling: 'cancelling' }),
      server({
        type: 'error',
        data: {
          message: 'You can cancel a paid search only after 10 seconds of waiting',
          code: 'cancel_too_early',
        },
      }),
      { cancelling: 'idle', searching: true },
    ],
    [
      'a refused payment ends the search the player asked for',
      searching({ gameMode: 'tiny_tuna' }),
      server({ type: 'error', data: { message: 'Payment not found', code: 'payment_refused' } }),
      { searching: false, lastError: 'Payment not found', lastErrorCode: 'payment_refused' },
    ],
    [
      'matched stores the game id (normalised) and seat and moves to countdown',
      searching({ cancelling: 'cancelling' }),
      server({
        type: 'matched',
        gameId: `game-${GAME.toUpperCase()}`,
        playerIndex: 1,
        data: { opponentName: 'Player-AbCd', gameMode: 'practice', seedHash: 'h', countdownTime: 5 },
      }),
      {
        state: 'countdown',
        gameId: GAME,
        playerIndex: 1,
        opponentFound: true,
        opponentName: 'Player-AbCd',
        countdownTime: 5,
        searching: false,
        cancelling: 'idle',
      },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
