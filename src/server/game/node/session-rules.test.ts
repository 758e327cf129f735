import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../common/protocol.ts';
import {
  GAME_OVER_SEAT_HOLD_MS,
  HOUSE_BOT_NAME,
  HOUSE_BOT_OFFER_MS,
  RECONNECTION_WINDOW_MS,
} from '../../../common/rules.ts';
import { sessionBed, type TestLink } from './test-support/session-bed.ts';

const notSearching = {
  type: 'error',
  data: { message: ERROR_MESSAGES.notSearching, code: 'not_searching' },
};

describe('session rules on the in-memory store', () => {
  it('a repeated cancelSearch of a closed search gets the same reply again, never "not searching"; the search closes once', async () => {
    const { game, link } = sessionBed();
    const a = link();
    await game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual(notSearching);

    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    expect(game.queueLengths().practice).toBe(1);
    for (let i = 0; i < 3; i++) await game.handle(a, { type: 'cancelSearch' });
    const replies = a.sent.filter((m) => m.type === 'cancelSearch' || m.type === 'error').slice(1);
    expect(replies).toHaveLength(3);
    for (const reply of replies) {
      expect(reply).toEqual({ type: 'cancelSearch', success: true, message: 'Search cancelled' });
    }
    expect(game.queueLengths().practice).toBe(0);
  });

  it('a wallet already searching, or playing, is refused a second search from another tab', async () => {
    const { game, link } = sessionBed();
    const a = link();
    const tab = link({ wallet: a.walletAddress });
    const alreadySearching = {
      type: 'error',
      data: { message: ERROR_MESSAGES.alreadySearching, code: 'already_searching' },
    };
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await game.handle(tab, { type: 'findMatch', gameMode: 'practice' });
    expect(tab.sent.at(-1)).toEqual(alreadySearching);
    expect(game.queueLengths().practice).toBe(1);

    const b = link();
    await game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    expect(a.of('matched')).toHaveLength(1);
    await game.handle(tab, { type: 'findMatch', gameMode: 'practice' });
    expect(tab.sent.at(-1)).toEqual(alreadySearching);
    expect(game.queueLengths().practice).toBe(0);
  });

  it('a lost socket keeps its search, unpaired, for the reconnection window; at its end (t-1, t) the search closes and the wallet is told once back', async () => {
    const { game, link, clock } = sessionBed();
    const a = link();
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await game.disconnected(a);
    const lostAt = clock.now();
    const b = link();
    await game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    expect(b.of('matched')).toEqual([]);

    clock.set(lostAt + RECONNECTION_WINDOW_MS - 1);
    game.tick();
    expect(game.matchmaker.entryOf(a.walletAddress)).toBeDefined();
    clock.set(lostAt + RECONNECTION_WINDOW_MS);
    game.tick();
    await expect.poll(() => game.matchmaker.entryOf(a.walletAddress)).toBeUndefined();
    expect(game.queueLengths().practice).toBe(1);

    const back = link({ wallet: a.walletAddress });
    await game.connected(back);
    const nothingHeld = { type: 'held', holds: { kind: 'nothing' }, settled: null };
    expect(back.sent).toEqual([
      { type: 'cancelSearch', success: true, message: 'Search cancelled' },
      nothingHeld,
    ]);
    await game.connected(back);
    expect(back.of('cancelSearch')).toHaveLength(1);
    expect(back.sent.at(-1)).toEqual(nothingHeld);
  });

  it('exit from a match under way forfeits it: the opponent wins and both are told the game is over', async () => {
    const { game, link } = sessionBed();
    const [a, b] = [link(), link()];
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const [matched] = a.of('matched');
    expect(matched).toBeDefined();
    const gameId = matched!.gameId;
    const aSeat = matched!.playerIndex;
    game.tick();
    await game.handle(a, { type: 'exit', gameId });
    const [over] = b.of('gameOver');
    expect(over).toMatchObject({ gameId, winner: aSeat === 0 ? 1 : 0, finalResult: 'win' });
    expect(a.of('gameOver')[0]).toMatchObject({ gameId, finalResult: 'loss' });
    // A second exit of the game over leaves nothing more to forfeit.
    await game.handle(a, { type: 'exit', gameId });
    expect(b.of('gameOver')).toHaveLength(1);
  });

  it('the house bot takes a Free Play search alone for HOUSE_BOT_OFFER_MS (t-1 refused, t matched)', async () => {
    const { game, link, clock } = sessionBed();
    const a = link();
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    const joinedAt = game.matchmaker.entryOf(a.walletAddress)!.joinedAt;
    clock.set(joinedAt + HOUSE_BOT_OFFER_MS - 1);
    await game.handle(a, { type: 'playHouseBot' });
    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: { message: ERROR_MESSAGES.houseBotUnavailable, code: 'house_bot_unavailable' },
    });
    clock.set(joinedAt + HOUSE_BOT_OFFER_MS);
    await game.handle(a, { type: 'playHouseBot' });
    expect(a.of('matched')[0]?.data).toMatchObject({ opponentName: HOUSE_BOT_NAME, gameMode: 'practice' });
    expect(game.queueLengths().practice).toBe(0);
  });
});

describe('a reload during a match or at its game-over screen', () => {
  /** A practice match between A and B, ended by A's exit: both at the game-over screen. */
  async function endedMatch() {
    const bed = sessionBed();
    const [a, b] = [bed.link(), bed.link()];
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await bed.game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    bed.game.tick();
    await bed.game.handle(a, { type: 'exit', gameId });
    expect(b.of('gameOver')).toHaveLength(1);
    bed.game.tick();
    return { ...bed, a, b, gameId };
  }
  /** A's page after a reload: a new socket of the same signed-in session. */
  const reloadOf = (bed: ReturnType<typeof sessionBed>, a: TestLink) =>
    bed.link({ wallet: a.walletAddress, sessionId: a.playerSessionId });

  it('a reconnect into a match under way says what it is played for and against whom, from the server’s match', async () => {
    const { game, link } = sessionBed();
    const [a, b] = [link(), link()];
    await game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    game.tick();
    await game.disconnected(a);
    const back = link({ wallet: a.walletAddress, sessionId: a.playerSessionId });
    await game.handle(back, { type: 'reconnect', gameId });
    const [success] = back.of('reconnectionSuccess');
    expect(success?.match).toEqual({ gameMode: 'practice', opponentName: b.displayName });
    expect(success?.match.opponentName).toBe(a.of('matched')[0]!.data.opponentName);
    expect(success?.rematch).toBeUndefined();
  });

  it('back within GAME_OVER_SEAT_HOLD_MS of its socket closing (t-1): the game-over screen, the opponent’s offer still open, and REMATCH plays it', async () => {
    const bed = await endedMatch();
    const { game, clock, a, b, gameId } = bed;
    await game.handle(b, { type: 'findMatch', gameMode: 'practice', rematch: gameId });
    expect(b.of('findMatch').at(-1)?.rematch?.gameId).toBe(gameId);
    await game.disconnected(a);
    const closedAt = clock.now();
    clock.set(closedAt + GAME_OVER_SEAT_HOLD_MS - 1);
    game.tick();
    expect(b.of('rematch').filter((m) => m.status === 'declined')).toEqual([]);

    const back = reloadOf(bed, a);
    await game.handle(back, { type: 'reconnect', gameId });
    const [success] = back.of('reconnectionSuccess');
    expect(success).toMatchObject({
      gameId,
      playerIndex: a.of('matched')[0]!.playerIndex,
      match: { gameMode: 'practice', opponentName: b.displayName },
      rematch: 'offered',
    });
    expect(success?.gameState).toMatchObject({ gameState: 'gameOver', reason: a.of('gameOver')[0]!.reason });
    // The offer's deadline comes with the screen: the one its offerer was told, the time left counted from now.
    const offeredUntil = b.of('findMatch').at(-1)?.rematch?.expiresAt;
    expect(offeredUntil).toBeGreaterThan(clock.now());
    expect(success?.rematchCloses).toEqual({ expiresAt: offeredUntil, msLeft: offeredUntil! - clock.now() });
    // Past the hold now, the seat is the new socket's: nothing is declined.
    clock.set(closedAt + GAME_OVER_SEAT_HOLD_MS);
    game.tick();
    expect(b.of('rematch').filter((m) => m.status === 'declined')).toEqual([]);
    expect(b.of('cancelSearch')).toEqual([]);

    await game.handle(back, { type: 'findMatch', gameMode: 'practice', rematch: gameId });
    expect(back.of('matched')).toHaveLength(1);
    expect(b.of('matched').at(-1)?.gameId).toBe(back.of('matched')[0]!.gameId);
  });

  it('a game-over screen with no offer yet says the rematch is open; one whose opponent left says declined', async () => {
    const bed = await endedMatch();
    const { game, a, b, gameId } = bed;
    await game.disconnected(a);
    const back = reloadOf(bed, a);
    await game.handle(back, { type: 'reconnect', gameId });
    expect(back.of('reconnectionSuccess')[0]?.rematch).toBe('open');

    await game.handle(b, { type: 'playAgain', gameId });
    expect(back.of('rematch')).toEqual([{ type: 'rematch', gameId, status: 'declined' }]);
    await game.disconnected(back);
    const again = reloadOf(bed, a);
    await game.handle(again, { type: 'reconnect', gameId });
    expect(again.of('reconnectionSuccess')[0]?.rematch).toBe('declined');
  });

  it('not back by GAME_OVER_SEAT_HOLD_MS (t): the opponent is told no rematch will come, its offer closes, and the screen is gone', async () => {
    const bed = await endedMatch();
    const { game, clock, a, b, gameId } = bed;
    await game.handle(b, { type: 'findMatch', gameMode: 'practice', rematch: gameId });
    await game.disconnected(a);
    clock.set(clock.now() + GAME_OVER_SEAT_HOLD_MS);
    game.tick();
    expect(b.of('rematch')).toEqual([{ type: 'rematch', gameId, status: 'declined' }]);
    await expect.poll(() => b.of('cancelSearch').length).toBe(1);

    const back = reloadOf(bed, a);
    await game.handle(back, { type: 'reconnect', gameId });
    expect(back.of('reconnectionSuccess')).toEqual([]);
    expect(back.of('reconnectionFailed')[0]).toMatchObject({
      clearStoredGameId: true,
      code: 'game_not_found',
    });
  });

  it('another session of the same wallet does not take the game-over screen', async () => {
    const bed = await endedMatch();
    const { game, a, gameId } = bed;
    await game.disconnected(a);
    const other = bed.link({ wallet: a.walletAddress });
    await game.handle(other, { type: 'reconnect', gameId });
    expect(other.of('reconnectionSuccess')).toEqual([]);
    expect(other.of('reconnectionFailed')).toHaveLength(1);
  });
});
