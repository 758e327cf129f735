import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlayer, signIn, type TestPlayer } from '../../../test/support/player-client.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { flush } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { CLOSE_CODES, ERROR_MESSAGES } from '../../common/protocol.ts';
import { games, queueSessions } from '../db/schema/index.ts';
import { BAN_MESSAGES, createBans } from '../security/bans.ts';

describe('matchmaking and reconnection over real sockets', () => {
  const clock = createFakeClock();
  let server: TestServer;
  const open: TestPlayer[] = [];
  const player = async (options?: Parameters<typeof connectPlayer>[1]) => {
    const p = await connectPlayer(server.url, options);
    open.push(p);
    return p;
  };
  /** Runs the game for `ms` of fake time, letting socket traffic through. */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += TICK_MS) {
      clock.advance(TICK_MS);
      server.game.game.tick();
      if (Math.round(t / TICK_MS) % 10 === 0) await flush();
    }
    await flush();
  };
  const matchPair = async () => {
    const [a, b] = await Promise.all([player(), player()]);
    a.send({ type: 'findMatch', gameMode: 'practice' });
    await a.next('joinQueue');
    b.send({ type: 'findMatch', gameMode: 'practice' });
    const [ma, mb] = await Promise.all([a.next('matched'), b.next('matched')]);
    return { a, b, gameId: ma.gameId, ma, mb };
  };

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    for (const p of open) p.close();
    await server?.stop();
  });

  it('find match checks banned before everything else, then already searching, then the mode', async () => {
    const bans = createBans({ db: server.db, clock });
    const banned = await player();
    await bans.banWallet(banned.wallet.address, { by: 'test', reason: 'test' });
    banned.send({ type: 'findMatch' });
    expect((await banned.next('error')).data).toEqual({
      message: BAN_MESSAGES.wallet,
      code: 'account_restricted',
    });

    const p = await player();
    p.send({ type: 'findMatch' });
    expect((await p.next('error')).data.message).toBe(ERROR_MESSAGES.gameModeRequired);
    p.send({ type: 'findMatch', gameMode: 'practice' });
    await p.next('joinQueue');
    p.send({ type: 'findMatch' });
    expect((await p.next('error')).data.message).toBe(ERROR_MESSAGES.alreadySearching);
    p.send({ type: 'cancelSearch' });
    expect(await p.next('cancelSearch')).toMatchObject({ success: true });
  });

  it('a paid mode is refused while no payment can be verified', async () => {
    const p = await player();
    p.send({ type: 'findMatch', gameMode: 'tiny_tuna', paymentSignature: '1'.repeat(88) });
    const error = await p.next('error');
    expect(error.data.code).toMatch(/payment/);
    expect(server.game.game.queueLengths().tiny_tuna).toBe(0);
  });

  it('a second socket of the same wallet still makes one queue entry, never matched with itself', async () => {
    const identity = await signIn(server.url);
    const [s1, s2] = await Promise.all([player({ signedIn: identity }), player({ signedIn: identity })]);
    s1.send({ type: 'findMatch', gameMode: 'practice' });
    await s1.next('joinQueue');
    s2.send({ type: 'findMatch', gameMode: 'practice' });
    expect((await s2.next('error')).data.message).toBe(ERROR_MESSAGES.alreadySearching);
    expect(s1.all('matched')).toHaveLength(0);
    const rows = await server.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.walletAddress, identity.wallet.address));
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    s1.send({ type: 'cancelSearch' });
    await s1.next('cancelSearch');
  });

  it('a ban closes the player’s search at once and blocks new ones', async () => {
    const bans = createBans({ db: server.db, clock });
    const p = await player();
    p.send({ type: 'findMatch', gameMode: 'practice' });
    await p.next('joinQueue');
    // The server's own Bans instance acts live; this one writes the ban, the server's is told through the DB.
    await server.bans.banWallet(p.wallet.address, { by: 'admin@example.com', reason: 'test' });
    expect((await p.next('error')).data).toEqual({
      message: BAN_MESSAGES.wallet,
      code: 'account_restricted',
    });
    expect(await p.next('cancelSearch')).toMatchObject({ success: true, message: BAN_MESSAGES.wallet });
    const [row] = await server.db
      .select()
      .from(queueSessions)
      .where(eq(queueSessions.walletAddress, p.wallet.address));
    expect(row?.status).toBe('cancelled');
    // RELIABILITY 35: then the socket closes and the wallet cannot sign in to open another.
    expect((await p.closed).code).toBe(CLOSE_CODES.restricted);
    await expect(signIn(server.url, p.wallet)).rejects.toThrow('sign-in failed: 403');
    await bans.unbanWallet(p.wallet.address, { by: 'admin@example.com', reason: 'test over' });
  });

  it('an IP ban closes the search of every wallet behind that IP, and lifts with the unban', async () => {
    const p = await player();
    p.send({ type: 'findMatch', gameMode: 'practice' });
    await p.next('joinQueue');
    await server.bans.banIp('127.0.0.1', { by: 'admin@example.com', reason: 'test' });
    expect((await p.next('error')).data).toEqual({ message: BAN_MESSAGES.ip, code: 'account_restricted' });
    await p.next('cancelSearch');
    expect((await p.closed).code).toBe(CLOSE_CODES.restricted);
    await expect(signIn(server.url, p.wallet)).rejects.toThrow('sign-in failed: 403');
    await server.bans.unbanIp('127.0.0.1', { by: 'admin@example.com', reason: 'test over' });
    const back = await player({ signedIn: await signIn(server.url, p.wallet) });
    back.send({ type: 'findMatch', gameMode: 'practice' });
    await back.next('joinQueue');
    back.send({ type: 'cancelSearch' });
    await back.next('cancelSearch');
  });

  it('playAgain after a finished match cleans the game up for that player', async () => {
    const { a, b, gameId } = await matchPair();
    a.send({ type: 'exit', gameId });
    await run(100);
    await Promise.all([a.next('gameOver'), b.next('gameOver')]);
    b.send({ type: 'playAgain', gameId });
    expect(await b.next('gameCleanup')).toEqual({ type: 'gameCleanup', gameId });
  });

  it('a closed socket gets a 2 s grace, then the opponent is told and the match pauses; the seat’s owner resumes it', async () => {
    const { a, b, gameId } = await matchPair();
    await run(1000);
    const identityA = { wallet: a.wallet, cookie: a.cookie };
    a.close();
    await a.closed;
    await run(1900);
    expect(b.all('playerTemporarilyDisconnected')).toHaveLength(0);
    await run(200);
    expect(await b.next('playerTemporarilyDisconnected')).toEqual({
      type: 'playerTemporarilyDisconnected',
      reconnectionTimeLeft: 30,
      disconnectedPlayerIndex: 0,
    });
    await run(1100);
    expect((await b.next('reconnectionTimeUpdate')).reconnectionTimeLeft).toBeLessThan(30);

    // Another session of the same wallet knows the game id and the address: refused.
    const impostor = await player({ signedIn: await signIn(server.url, a.wallet) });
    impostor.send({ type: 'reconnect', gameId, walletAddress: a.wallet.address });
    expect(await impostor.next('reconnectionFailed')).toMatchObject({ clearStoredGameId: true });

    const back = await player({ signedIn: identityA });
    back.send({ type: 'reconnect', gameId });
    const success = await back.next('reconnectionSuccess');
    expect(success).toMatchObject({ gameId, playerIndex: 0 });
    await Promise.all([back.next('gameResumed'), b.next('gameResumed')]);
    const before = b.all('gameState').length;
    await run(500);
    expect(b.all('gameState').length).toBeGreaterThan(before);
    back.send({ type: 'exit', gameId });
    await run(100);
    expect((await b.next('gameOver')).reason).toBe('opponent_disconnected');
  });

  it('when the window expires the stayer wins (opponent_timeout), and the forfeit is recorded', async () => {
    const { a, b, gameId } = await matchPair();
    await run(500);
    a.close();
    await a.closed;
    await run(2000 + 30_000 + 100);
    expect((await b.next('reconnectionTimeout')).message).toBe('Opponent did not reconnect in time');
    const over = await b.next('gameOver');
    expect(over).toMatchObject({ reason: 'opponent_timeout', finalResult: 'win', winner: 1 });
    let row: typeof games.$inferSelect | undefined;
    for (let i = 0; i < 50 && !row; i++) {
      [row] = await server.db.select().from(games).where(eq(games.id, gameId));
      if (!row) await flush();
    }
    expect(row).toMatchObject({ completionStatus: 'forfeited', winner: b.wallet.address });
  });

  it('reconnect to a finished game whose game-over screen was left, or to an unknown one, is refused and tells the client to forget it', async () => {
    const { a, b, gameId } = await matchPair();
    a.send({ type: 'forceDisconnect', gameId });
    await run(100);
    expect((await a.next('gameOver')).finalResult).toBe('loss');
    expect((await b.next('gameOver')).finalResult).toBe('win');
    // Its game-over screen is left (MAIN MENU): no rematch of it, nothing to come back to.
    a.send({ type: 'playAgain', gameId });
    await a.next('gameCleanup');
    a.send({ type: 'reconnect', gameId });
    expect(await a.next('reconnectionFailed')).toMatchObject({ clearStoredGameId: true });
    a.send({ type: 'reconnect', gameId: randomUUID() });
    expect(await a.next('reconnectionFailed')).toMatchObject({ clearStoredGameId: true });
  });

  it('a socket without a session is refused at the handshake with 401, so it cannot search', async () => {
    await expect(player({ signedIn: false })).rejects.toThrow('handshake refused: 401');
  });
});
