import { describe, it } from 'vitest';
import { AT, check, data, GAME, type Row, server, view } from './test-support/reduce-fixtures.ts';

/**
 * A page that reloaded during a match (or at its game-over screen): it waits, never showing the lobby, until
 * the server answers; the answer brings back what the match is for (the match bar's mode and opponent) and,
 * at game over, the result and where the rematch stands, all from the server's own match.
 */

const MATCH = { gameMode: 'smol_shrimp', opponentName: 'Player-DmYF' } as const;
/** A reload before the server answered: a stored game id, no `matched` heard by this page. */
const reloaded = view({
  rejoining: true,
  gameId: GAME,
  state: 'playing',
  data: { winner: null, scores: [3, 2], paddlePositions: [300, 300], gameState: 'playing' },
  connected: true,
  isDisconnected: true,
  canReconnect: true,
  reconnecting: true,
});
const reloadedAtGameOver = view({ rejoining: true, connected: true });
const finalState = data({ gameState: 'gameOver', winner: 1, scores: [7, 11], reason: 'score' });

describe('back in a match after a reload', () => {
  it.each<Row>([
    [
      'reconnectionSuccess into a match under way brings back its mode and opponent: the match bar',
      reloaded,
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 0,
        gameState: data({ gameState: 'playing', scores: [3, 2] }),
        match: MATCH,
      }),
      {
        state: 'playing',
        gameMode: 'smol_shrimp',
        opponentName: 'Player-DmYF',
        opponentFound: true,
        rejoining: false,
        isDisconnected: false,
        gameOver: null,
        rematchOffer: null,
      },
    ],
    [
      'reconnectionSuccess at a game-over screen: GAME OVER with its outcome, the opponent’s rematch offer',
      reloadedAtGameOver,
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 1,
        gameState: finalState,
        match: MATCH,
        rematch: 'offered',
      }),
      {
        state: 'gameOver',
        gameId: GAME,
        playerIndex: 1,
        gameMode: 'smol_shrimp',
        opponentName: 'Player-DmYF',
        rejoining: false,
        rematchOffer: 'offered',
        gameOver: {
          outcome: 'win',
          scores: [7, 11],
          reason: 'score',
          message: '',
          opponentDisconnected: false,
        },
      },
    ],
    [
      'reconnectionSuccess at a game-over screen with the offer’s deadline: the screen waits for the offer at once',
      reloadedAtGameOver,
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 1,
        gameState: finalState,
        match: MATCH,
        rematch: 'offered',
        rematchCloses: { expiresAt: 9_999_999, msLeft: 41_000 },
      }),
      { state: 'gameOver', rematchOffer: 'offered', rematchOfferClosesAt: AT + 41_000 },
    ],
    [
      'reconnectionSuccess at a game-over screen whose opponent left: the rematch is declined',
      reloadedAtGameOver,
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 0,
        gameState: finalState,
        match: MATCH,
        rematch: 'declined',
      }),
      { state: 'gameOver', rematchOffer: 'declined', gameOver: { ...lost(), scores: [7, 11] } },
    ],
    [
      'reconnectionSuccess at a game-over screen whose rematch is still open: nothing offered yet',
      reloadedAtGameOver,
      server({
        type: 'reconnectionSuccess',
        gameId: GAME,
        playerIndex: 0,
        gameState: finalState,
        match: MATCH,
        rematch: 'open',
      }),
      { state: 'gameOver', rematchOffer: null, rejoining: false },
    ],
    [
      'reconnectionFailed ends the wait: the lobby',
      reloadedAtGameOver,
      server({ type: 'reconnectionFailed', message: 'Game not found', clearStoredGameId: true }),
      { state: 'waiting', gameId: null, rejoining: false },
    ],
    [
      'a search the server holds (its findMatch reply) ends the wait: the wait screen',
      reloadedAtGameOver,
      server({ type: 'findMatch', status: 'searching', gameMode: 'practice', message: 'Searching' }),
      { searching: true, rejoining: false },
    ],
    [
      'the socket opens with nothing to rejoin: the wait ends, the lobby',
      view({ rejoining: true }),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, rejoining: false },
    ],
    [
      'the socket opens asking a game-over screen back: the page keeps waiting for the answer',
      reloadedAtGameOver,
      { type: 'socketOpened', resume: null, rejoiningGameOver: true, at: AT },
      { connected: true, rejoining: true, gameId: null },
    ],
    [
      'the socket opens with a game to rejoin: the page keeps waiting for the answer',
      view({ rejoining: true }),
      { type: 'socketOpened', resume: { gameId: GAME, rapid: null }, at: AT },
      { gameId: GAME, rejoining: true, isDisconnected: true },
    ],
    ['a sign-out ends the wait', reloaded, { type: 'signedOut', at: AT }, { gameId: null, rejoining: false }],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});

function lost() {
  return { outcome: 'lose' as const, reason: 'score', message: '', opponentDisconnected: false };
}
