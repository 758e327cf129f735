import { describe, expect, it } from 'vitest';
import type { GameData, ServerMessage } from '../../common/protocol.ts';
import type { GameEvent } from './game-events.ts';
import type { GameView } from './game-view.ts';
import { initialGameView } from './initial-view.ts';
import { reduce } from './reduce.ts';
import { testGameData } from './test-support/game-data.ts';

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const OTHER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const AT = 1_000_000;
const QUEUES = { practice: 2, smol_shrimp: 0, tiny_tuna: 0, mighty_marlin: 0, giga_whale: 1 };

const view = (over: Partial<GameView> = {}): GameView => ({ ...initialGameView('sess-1234'), ...over });
const server = (message: ServerMessage, at = AT): GameEvent => ({ type: 'server', message, at });
const data = (over: Partial<GameData> = {}): GameData =>
  testGameData({ scores: [3, 2], paddlePositions: [250, 350], timestamp: AT, ...over });
const gameState = (over: Partial<GameData> = {}, timestamp = AT): GameEvent =>
  server({ type: 'gameState', gameId: GAME, playerIndex: 0, timestamp, data: data({ ...over, timestamp }) });
/** A game under way, seat 0. */
const playing = (over: Partial<GameView> = {}) =>
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
const searching = (over: Partial<GameView> = {}) =>
  view({ connected: true, searching: true, searchStartTime: AT - 12_000, gameMode: 'practice', ...over });
const gameOverInfo = {
  outcome: 'win' as const,
  scores: [11, 4] as [number, number],
  reason: 'score',
  message: 'You win!',
  opponentDisconnected: false,
};

type Row = [name: string, before: GameView, event: GameEvent, expected: Partial<GameView> | 'unchanged'];

function check(before: GameView, event: GameEvent, expected: Partial<GameView> | 'unchanged') {
  const after = reduce(before, event);
  if (expected === 'unchanged') expect(after).toBe(before);
  else expect(after).toMatchObject(expected);
  return after;
}

describe('§4 search and match', () => {
  it.each<Row>([
    [
      '§4 find match: searching is set with the start time, mode and payment signature',
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
      '§5 find match: already searching is ignored',
      searching(),
      { type: 'findMatch', mode: 'tiny_tuna', paymentSignature: null, at: AT },
      'unchanged',
    ],
    [
      '§4 find match: a game under way is not left by searching',
      playing(),
      { type: 'findMatch', mode: 'practice', paymentSignature: null, at: AT },
      'unchanged',
    ],
    [
      '§4 a findMatch reply keeps searching (the start time stays)',
      searching(),
      server({ type: 'findMatch', status: 'searching', gameMode: 'practice', message: 'Searching' }),
      { searching: true, searchStartTime: AT - 12_000, gameMode: 'practice' },
    ],
    [
      '§4 a findMatch reply on a new socket (an away search taken back) shows the search again',
      view({ connected: true }),
      server({ type: 'findMatch', status: 'searching', gameMode: 'tiny_tuna', message: 'Searching' }),
      { searching: true, searchStartTime: AT, gameMode: 'tiny_tuna' },
    ],
    [
      '§7 joinQueue: searching in its queue, players online',
      searching(),
      server({ type: 'joinQueue', queueType: 'practice', queuePosition: 1, playersOnline: 7 }),
      { searching: true, playersOnline: 7 },
    ],
    [
      '§7 queueUpdate: queue lengths per mode and players online',
      view(),
      server({ type: 'queueUpdate', queueLengths: QUEUES, playersOnline: 9 }),
      { queueLengths: QUEUES, playersOnline: 9 },
    ],
    [
      '§7 connect: the session id and players online',
      view({ sessionId: null }),
      server({ type: 'connect', id: 'c1', sessionId: 'server-session-1', playersOnline: 4 }),
      { sessionId: 'server-session-1', playersOnline: 4 },
    ],
    [
      "§2 cancel: 'Cancelling matchmaking...' while the cancel is under way",
      searching(),
      { type: 'cancelSearch', at: AT },
      { cancelling: 'cancelling', searching: true },
    ],
    [
      '§4 cancel: nothing to cancel when not searching',
      view(),
      { type: 'cancelSearch', at: AT },
      'unchanged',
    ],
    [
      "§2 cancel: a paid search still unanswered at the backup shows 'Refund being processed...'",
      searching({ gameMode: 'smol_shrimp', paymentSignature: 'x'.repeat(88), cancelling: 'cancelling' }),
      { type: 'cancelBackupDue', at: AT },
      { cancelling: 'refunding' },
    ],
    [
      '§2 cancel: a practice search has no refund to process',
      searching({ cancelling: 'cancelling' }),
      { type: 'cancelBackupDue', at: AT },
      'unchanged',
    ],
    [
      '§4 a cancelSearch reply stops searching and returns to waiting, with the refund for the toast',
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
      '§7 the answer to a repeated cancel changes nothing (one toast)',
      view({ connected: true, notice: { id: 1, kind: 'searchCancelled', refundLamports: '24250000' } }),
      server({ type: 'cancelSearch', success: true, message: 'again', refundLamports: '24250000' }),
      'unchanged',
    ],
    [
      '§4 a refused cancel ends the cancel and shows why',
      searching({ cancelling: 'cancelling' }),
      server({ type: 'cancelSearch', success: false, message: 'No' }),
      { cancelling: 'idle', searching: true, lastError: 'No' },
    ],
    [
      '§1 a cancel before 10 s: the search goes on',
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
      '§8 a refused payment ends the search the player asked for',
      searching({ gameMode: 'tiny_tuna' }),
      server({ type: 'error', data: { message: 'Payment not found', code: 'payment_refused' } }),
      { searching: false, lastError: 'Payment not found', lastErrorCode: 'payment_refused' },
    ],
    [
      '§4 matched stores the game id (normalised) and seat and moves to countdown',
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

describe('§4 gameState', () => {
  it.each<Row>([
    [
      '§4 gameState updates the state, scores, paddles and countdown',
      playing({ state: 'countdown' }),
      gameState({ gameState: 'countdown', countdownTime: 3, scores: [0, 0] }),
      {
        state: 'countdown',
        countdownTime: 3,
        data: { winner: null, scores: [0, 0], paddlePositions: [250, 350], gameState: 'countdown' },
        lastStateTimestamp: AT,
      },
    ],
    [
      '§4 gameState with an older timestamp is skipped',
      playing({ lastStateTimestamp: AT + 1 }),
      gameState(),
      'unchanged',
    ],
    ["§4 another game's gameState is ignored", playing({ gameId: OTHER }), gameState(), 'unchanged'],
    [
      '§4 during the game-over countdown gameState is ignored',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      gameState({ gameState: 'playing' }),
      'unchanged',
    ],
    [
      '§4 during the game-over countdown a gameOver gameState is taken',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      gameState({ gameState: 'gameOver', winner: 0, scores: [11, 5], reason: 'score' }),
      {
        state: 'gameOver',
        data: { winner: 0, scores: [11, 5], paddlePositions: [250, 350], gameState: 'gameOver' },
      },
    ],
    [
      '§4 a final gameState before the gameOver message shows the game over',
      playing(),
      gameState({ gameState: 'gameOver', winner: 1, scores: [7, 11], reason: 'score' }),
      {
        state: 'gameOver',
        gameOver: {
          outcome: 'lose',
          scores: [7, 11],
          reason: 'score',
          message: '',
          opponentDisconnected: false,
        },
      },
    ],
    [
      '§2 a waitingForReconnection state with the opponent away shows the overlay',
      playing(),
      gameState({
        gameState: 'waitingForReconnection',
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 24,
      }),
      {
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 24,
      },
    ],
    [
      '§4 a playing state clears the overlay',
      playing({
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 12,
      }),
      gameState({ gameState: 'playing' }),
      {
        state: 'playing',
        reconnectionWindowActive: false,
        disconnectedPlayerIndex: null,
        reconnectionTimeLeft: null,
      },
    ],
    [
      '§4 a countdown state clears the overlay',
      playing({ reconnectionWindowActive: true, disconnectedPlayerIndex: 1, reconnectionTimeLeft: 12 }),
      gameState({ gameState: 'countdown', countdownTime: 2 }),
      { reconnectionWindowActive: false, countdownTime: 2 },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('§4 reconnection', () => {
  const overlay = {
    reconnectionWindowActive: true,
    disconnectedPlayerIndex: 1 as const,
    reconnectionTimeLeft: 20,
  };
  it.each<Row>([
    [
      '§4 playerTemporarilyDisconnected: waitingForReconnection with its window',
      playing(),
      server({ type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: 1 }),
      {
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        reconnectionTimeLeft: 30,
        disconnectedPlayerIndex: 1,
      },
    ],
    [
      '§2 the overlay is hidden at game over: a late playerTemporarilyDisconnected is ignored',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      server({ type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: 1 }),
      'unchanged',
    ],
    [
      '§4 reconnectionTimeUpdate updates the time left',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'reconnectionTimeUpdate', reconnectionTimeLeft: 19 }),
      { reconnectionTimeLeft: 19, reconnectionWindowActive: true },
    ],
    [
      '§4 reconnectionTimeUpdate without an overlay is ignored',
      playing(),
      server({ type: 'reconnectionTimeUpdate', reconnectionTimeLeft: 19 }),
      'unchanged',
    ],
    [
      '§4 gameResumed clears the overlay and plays on',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'gameResumed', message: 'Opponent reconnected. Game resumed!' }),
      {
        state: 'playing',
        reconnectionWindowActive: false,
        disconnectedPlayerIndex: null,
        reconnectionTimeLeft: null,
      },
    ],
    [
      '§9 the overlay safety net (35 s) clears it',
      playing({ state: 'waitingForReconnection', ...overlay }),
      { type: 'opponentOverlayExpired', at: AT },
      { reconnectionWindowActive: false, disconnectedPlayerIndex: null },
    ],
    [
      '§4 reconnectionSuccess returns to the given state, connected',
      playing({
        state: 'waiting',
        isDisconnected: true,
        canReconnect: true,
        reconnecting: true,
        reconnectionTimeLeft: 27,
        lastError: 'Connection lost - attempting to reconnect...',
      }),
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 1,
        gameState: data({ gameState: 'roundEnd', scores: [4, 4] }),
      }),
      {
        state: 'roundEnd',
        playerIndex: 1,
        isDisconnected: false,
        canReconnect: false,
        reconnecting: false,
        lastError: null,
        reconnectionTimeLeft: null,
        data: { winner: null, scores: [4, 4], paddlePositions: [250, 350], gameState: 'roundEnd' },
      },
    ],
    [
      '§4 reconnectionTimeout: game over, won, reason opponent_timeout',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'reconnectionTimeout', message: 'Opponent did not reconnect in time' }),
      {
        state: 'gameOver',
        reconnectionWindowActive: false,
        lastError: 'Opponent did not reconnect in time',
        gameOver: {
          outcome: 'win',
          scores: [3, 2],
          reason: 'opponent_timeout',
          message: 'Opponent did not reconnect in time',
          opponentDisconnected: true,
        },
      },
    ],
    [
      "§8 reconnectionTimeout without a text: 'Opponent did not reconnect in time'",
      playing(),
      server({ type: 'reconnectionTimeout', message: '' }),
      { lastError: 'Opponent did not reconnect in time' },
    ],
    [
      "§4 opponentDisconnected: game over, won, reason opponent_disconnected, and the 'Opponent Disconnected' toast",
      playing({ playerIndex: 1 }),
      server({ type: 'opponentDisconnected', message: 'Opponent disconnected' }),
      {
        state: 'gameOver',
        lastError: 'Opponent disconnected',
        notice: { id: 1, kind: 'opponentLeft' },
        gameOver: {
          outcome: 'win',
          scores: [3, 2],
          reason: 'opponent_disconnected',
          message: 'Opponent disconnected',
          opponentDisconnected: true,
        },
      },
    ],
    [
      '§4 reconnectionFailed with clearStoredGameId returns to waiting with no game',
      playing({ state: 'waiting', isDisconnected: true, canReconnect: true, reconnecting: true }),
      server({
        type: 'reconnectionFailed',
        message: 'Game not found or already finished',
        clearStoredGameId: true,
      }),
      {
        state: 'waiting',
        gameId: null,
        playerIndex: null,
        isDisconnected: false,
        canReconnect: false,
        reconnecting: false,
        connected: true,
      },
    ],
    [
      '§4 reconnectionFailed without clearStoredGameId shows the error and disables reconnect',
      playing({ isDisconnected: true, canReconnect: true, reconnecting: true }),
      server({
        type: 'reconnectionFailed',
        message: 'This game belongs to another session',
        clearStoredGameId: false,
      }),
      {
        gameId: GAME,
        isDisconnected: true,
        canReconnect: false,
        reconnecting: false,
        lastError: 'This game belongs to another session',
      },
    ],
    [
      "§8 reconnectionFailed without a text: 'Failed to reconnect'",
      playing({ isDisconnected: true, canReconnect: true }),
      server({ type: 'reconnectionFailed', message: '', clearStoredGameId: false }),
      { lastError: 'Failed to reconnect', canReconnect: false },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('§4 game over and cleanup', () => {
  const over = (reason: string, finalResult: 'win' | 'loss', winner: 0 | 1): GameEvent =>
    server({
      type: 'gameOver',
      gameId: GAME,
      winner,
      scores: [11, 6],
      reason,
      message: 'text',
      finalResult,
      yourPlayerIndex: 0,
      seed: 'seed',
    } as ServerMessage);
  it.each<Row>([
    [
      '§4 gameOver on points, won',
      playing(),
      over('score', 'win', 0),
      {
        state: 'gameOver',
        searching: false,
        gameOver: {
          outcome: 'win',
          scores: [11, 6],
          reason: 'score',
          message: 'text',
          opponentDisconnected: false,
        },
      },
    ],
    [
      '§4 gameOver on points, lost',
      playing(),
      over('score', 'loss', 1),
      {
        gameOver: {
          outcome: 'lose',
          scores: [11, 6],
          reason: 'score',
          message: 'text',
          opponentDisconnected: false,
        },
      },
    ],
    [
      "§2 gameOver after the opponent left: 'Victory awarded!'",
      playing({
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 3,
      }),
      over('opponent_disconnected', 'win', 0),
      {
        reconnectionWindowActive: false,
        gameOver: {
          outcome: 'win',
          scores: [11, 6],
          reason: 'opponent_disconnected',
          message: 'text',
          opponentDisconnected: true,
        },
      },
    ],
    [
      '§4 gameOver of another game is ignored',
      playing({ gameId: OTHER }),
      over('score', 'win', 0),
      'unchanged',
    ],
    [
      '§4 gameOver with no game on screen is ignored',
      view({ connected: true }),
      over('score', 'win', 0),
      'unchanged',
    ],
    [
      '§4 gameCleanup is ignored during game over',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      server({ type: 'gameCleanup', gameId: GAME }),
      'unchanged',
    ],
    [
      '§4 gameCleanup otherwise resets all state',
      playing({ reconnectionWindowActive: true, disconnectedPlayerIndex: 1, reconnectionTimeLeft: 5 }),
      server({ type: 'gameCleanup', gameId: GAME }),
      {
        state: 'waiting',
        gameId: null,
        playerIndex: null,
        opponentFound: false,
        reconnectionWindowActive: false,
        connected: true,
        sessionId: 'sess-1234',
      },
    ],
    [
      '§4 gameCleanup of another game is ignored',
      playing(),
      server({ type: 'gameCleanup', gameId: OTHER }),
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('§4 player actions', () => {
  const finished = playing({
    state: 'gameOver',
    gameOver: gameOverInfo,
    queueLengths: { practice: 1 },
    playersOnline: 5,
  });
  it.each<Row>([
    [
      '§4 playAgain sets searching and waiting (practice searches again)',
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
      '§4 playAgain of a paid mode goes back to the lobby with the mode chosen (a new payment is needed)',
      finished,
      { type: 'playAgain', at: AT },
      { state: 'waiting', searching: false, gameMode: 'smol_shrimp', gameId: null, gameOver: null },
    ],
    ...(['exit', 'forceDisconnect', 'returnToMenu'] as const).map(
      (type): Row => [
        `§4 ${type} returns to the menu with nothing of the game`,
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
      "§2 'Reconnect Now' is under way: 'Reconnecting...'",
      playing({ isDisconnected: true, canReconnect: true }),
      { type: 'reconnectAttempt', at: AT },
      { reconnecting: true },
    ],
    [
      '§2 no reconnect when it is impossible',
      playing({ isDisconnected: true, canReconnect: false }),
      { type: 'reconnectAttempt', at: AT },
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('§4 the game channel opening and closing', () => {
  it.each<Row>([
    [
      '§4 open with no stored game: connected',
      view(),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, isDisconnected: false },
    ],
    [
      '§4 open with a stored game id: disconnected, reconnect possible, 30 s left',
      view(),
      { type: 'socketOpened', resume: { gameId: GAME, rapid: null }, at: AT },
      {
        connected: true,
        gameId: GAME,
        isDisconnected: true,
        canReconnect: true,
        reconnectionTimeLeft: 30,
        reconnecting: true,
        state: 'waiting',
      },
    ],
    [
      '§4 rapid refresh: the last game state under 15 s old brings back its screen and seat',
      view(),
      { type: 'socketOpened', resume: { gameId: GAME, rapid: { state: 'playing', playerIndex: 1 } }, at: AT },
      { gameId: GAME, state: 'playing', playerIndex: 1, isDisconnected: true, canReconnect: true },
    ],
    [
      '§4 connection close: the state is kept while the disconnect is pending',
      playing(),
      { type: 'socketClosed', at: AT },
      { connected: false, state: 'playing', gameId: GAME, isDisconnected: false, lastError: null },
    ],
    [
      "§4 after 2 s in a game: 'Connection lost - attempting to reconnect...'",
      playing({ connected: false }),
      { type: 'disconnectGraceEnded', at: AT },
      {
        isDisconnected: true,
        canReconnect: true,
        reconnectionTimeLeft: 30,
        lastError: 'Connection lost - attempting to reconnect...',
      },
    ],
    [
      "§4 after 2 s outside a game: 'Connection lost'",
      view({ connected: false }),
      { type: 'disconnectGraceEnded', at: AT },
      { isDisconnected: true, canReconnect: false, lastError: 'Connection lost' },
    ],
    [
      '§9 back within the 2 s grace: no disconnect UI',
      playing(),
      { type: 'disconnectGraceEnded', at: AT },
      'unchanged',
    ],
    [
      "§8 5 failed reconnects: 'Unable to reconnect. Please refresh the page.'",
      playing({ connected: false, isDisconnected: true, canReconnect: true }),
      { type: 'reconnectGaveUp', at: AT },
      {
        isDisconnected: true,
        canReconnect: false,
        lastError: 'Unable to reconnect. Please refresh the page.',
      },
    ],
    [
      "§8 socket error: 'Connection error'",
      view(),
      { type: 'socketError', at: AT },
      { lastError: 'Connection error' },
    ],
    [
      '§4 reopened: a connection message is cleared',
      view({ isDisconnected: true, lastError: 'Connection lost' }),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, isDisconnected: false, lastError: null },
    ],
    [
      '§9 own reconnection window: one second less',
      playing({ connected: false, isDisconnected: true, canReconnect: true, reconnectionTimeLeft: 30 }),
      { type: 'reconnectionSecond', at: AT },
      { reconnectionTimeLeft: 29, canReconnect: true },
    ],
    [
      '§9 own reconnection window over: reconnect impossible',
      playing({ connected: false, isDisconnected: true, canReconnect: true, reconnectionTimeLeft: 1 }),
      { type: 'reconnectionSecond', at: AT },
      { reconnectionTimeLeft: 0, canReconnect: false },
    ],
    [
      'signed out: nothing of the last game or session',
      playing({ notice: { id: 4, kind: 'opponentLeft' } }),
      { type: 'signedOut', at: AT },
      { ...initialGameView(null), notice: { id: 4, kind: 'opponentLeft' }, lastEvent: 'signedOut' },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

describe('§8 server errors', () => {
  const error = (message: string, code?: string): GameEvent =>
    server({ type: 'error', data: code ? { message, code } : { message } });

  it("§5 'Rate limit exceeded' is not shown and changes nothing", () => {
    check(playing(), error('Rate limit exceeded', 'rate_limited'), 'unchanged');
  });

  it('§8 other server texts are shown, once for a quick repeat', () => {
    const first = check(view(), error('Already Searching', 'already_searching'), {
      lastError: 'Already Searching',
      lastErrorCode: 'already_searching',
      notice: { id: 1, kind: 'error', message: 'Already Searching', code: 'already_searching' },
    });
    const again = reduce(first, { ...error('Already Searching'), at: AT + 500 });
    expect(again.notice?.id).toBe(1);
    const later = reduce(again, { ...error('Already Searching'), at: AT + 5_000 });
    expect(later.notice?.id).toBe(2);
  });

  it('§6 account_restricted is left to the lobby banner; a stray not_in_game is not a toast', () => {
    for (const code of ['account_restricted', 'not_in_game']) {
      const after = reduce(view(), error('x', code));
      expect(after.lastErrorCode).toBe(code);
      expect(after.notice).toBeNull();
    }
  });
});

describe('§4 lastEvent', () => {
  it('names the last event that changed the view', () => {
    const after = reduce(view(), server({ type: 'queueUpdate', queueLengths: QUEUES, playersOnline: 3 }));
    expect(after.lastEvent).toBe('queueUpdate');
  });
});
