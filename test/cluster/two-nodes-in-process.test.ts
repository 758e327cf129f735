import { randomUUID } from 'node:crypto';
import { generateKeyPairSigner } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameMode } from '../../src/common/game-modes.ts';
import { CLOSE_CODES } from '../../src/common/protocol.ts';
import { queueSessions } from '../../src/server/db/schema/index.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/database-bed.ts';
import { connectPlayer, matchPractice, signIn, type TestPlayer } from '../support/player-client.ts';
import {
  startTestServer,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../support/test-server.ts';
import { realTimeChain } from './real-time-chain.ts';
import { deleteRedisKeys } from './redis-prefix-cleanup.ts';

/**
 * Broadcasts between two game nodes (two servers on one PostgreSQL and one Redis, in this process): a ban
 * made through one node's admin API acts at once on the sockets and searches another node holds: the search
 * is closed, the player is told, and every socket of the wallet learns its ban status, exactly once.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const WAGER = getGameMode('tiny_tuna').wagerLamports;

describe('two game nodes in one process: bans, notices, players online and live matches across nodes', () => {
  let database: ThrowawayDatabase;
  const nodes: TestServer[] = [];
  let adminCookie = '';
  const prefix = `test-bans-${randomUUID()}`;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    for (const nodeId of ['node-a', 'node-b']) {
      nodes.push(
        await startTestServer({
          env: {
            DATABASE_URL: database.url,
            REDIS_URL,
            REDIS_KEY_PREFIX: prefix,
            NODE_ID: nodeId,
            // Stopping at the end settles what is left at once (the drain has tests of its own).
            SHUTDOWN_DRAIN_SECONDS: '0',
          },
          noPayoutWorker: true,
        }),
      );
    }
    const login = await fetch(`${nodes[0]!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodes[0]!.url },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await database?.drop();
    await deleteRedisKeys(REDIS_URL, prefix);
  });

  const adminPost = async (path: string, body: object) => {
    const a = nodes[0]!;
    const res = await fetch(`${a.url}/api/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, cookie: adminCookie },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  const searchingOnB = async (): Promise<{ searcher: TestPlayer; tab: TestPlayer }> => {
    const b = nodes[1]!;
    const identity = await signIn(b.url);
    const searcher = await connectPlayer(b.url, { signedIn: identity });
    const tab = await connectPlayer(b.url, { signedIn: identity });
    searcher.send({ type: 'findMatch', gameMode: 'practice' });
    await searcher.next('joinQueue');
    return { searcher, tab };
  };

  const activeSearches = async (wallet: string) =>
    nodes[0]!.db
      .select()
      .from(queueSessions)
      .where(and(eq(queueSessions.walletAddress, wallet), eq(queueSessions.status, 'active')));

  it('a wallet ban through node A closes the search on node B and tells both of its sockets, once', async () => {
    const { searcher, tab } = await searchingOnB();
    const wallet = searcher.wallet.address;
    expect(await activeSearches(wallet)).toHaveLength(1);

    await adminPost('ban-wallet', { walletAddress: wallet, reason: 'cluster test' });
    const error = await searcher.next('error');
    expect(error.data.code).toBe('account_restricted');
    expect(await searcher.next('cancelSearch')).toMatchObject({ success: true });
    expect(await searcher.next('banStatus')).toMatchObject({ banned: true });
    expect(await tab.next('banStatus')).toMatchObject({ banned: true });
    expect(await activeSearches(wallet)).toHaveLength(0);
    // RELIABILITY 35: then both close, restricted, and the wallet's session is over on every node.
    for (const socket of [searcher, tab]) expect((await socket.closed).code).toBe(CLOSE_CODES.restricted);
    const me = await fetch(`${nodes[0]!.url}/api/auth/me`, { headers: { cookie: searcher.cookie } });
    expect(await me.json()).toEqual({ walletAddress: null });
    // Acted on once: no second notice follows.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searcher.all('banStatus')).toHaveLength(1);
    expect(tab.all('banStatus')).toHaveLength(1);
  });

  it('a sign-out through node A closes that session’s socket on node B; its search is left away', async () => {
    const { searcher, tab } = await searchingOnB();
    const logout = await fetch(`${nodes[0]!.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodes[0]!.url, cookie: searcher.cookie },
      body: '{}',
    });
    expect(logout.status).toBe(200);
    expect(await searcher.closed).toEqual({ code: CLOSE_CODES.signedOut, reason: 'Signed out' });
    expect(await tab.closed).toEqual({ code: CLOSE_CODES.signedOut, reason: 'Signed out' });
    await expect(connectPlayer(nodes[1]!.url, { signedIn: searcher })).rejects.toThrow(
      'handshake refused: 401',
    );
    // Signed in again, the player takes the away search back (and leaves it, for the next tests).
    const again = await signIn(nodes[1]!.url, searcher.wallet);
    const back = await connectPlayer(nodes[1]!.url, { signedIn: again });
    back.send({ type: 'connect' });
    expect(await back.next('findMatch')).toMatchObject({ status: 'searching', gameMode: 'practice' });
    back.send({ type: 'cancelSearch' });
    await back.next('cancelSearch');
    back.close();
  });

  it('players online counts the players of both nodes (a queueUpdate on node A counts node B’s)', async () => {
    const [a, b] = nodes;
    const onB = [await connectPlayer(b!.url), await connectPlayer(b!.url)];
    const onA = await connectPlayer(a!.url);
    onA.send({ type: 'connect' });
    const counted = async () => {
      for (let i = 0; i < 100; i++) {
        const last = onA.all('queueUpdate').at(-1);
        if (last && last.playersOnline >= 3) return last.playersOnline;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return onA.all('queueUpdate').at(-1)?.playersOnline;
    };
    expect(await counted()).toBe(3);
    for (const p of [...onB, onA]) p.close();
  });

  it('the admin overview on node A counts a match under way on node B', async () => {
    const [a, b] = nodes;
    const [p1, p2] = [await connectPlayer(b!.url), await connectPlayer(b!.url)];
    await matchPractice(p1, p2);
    const live = async () => {
      const res = await fetch(`${a!.url}/api/admin/overview`, { headers: { cookie: adminCookie } });
      return ((await res.json()) as { live: { matches: number } }).live.matches;
    };
    let seen = 0;
    for (let i = 0; i < 100 && seen < 1; i++) {
      seen = await live();
      if (seen < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(1);
    p1.close();
    p2.close();
  });

  it('a ledger movement made on node A reaches the same wallet’s socket on node B', async () => {
    const [a, b] = nodes;
    const wallet = await generateKeyPairSigner();
    const onA = await connectPlayer(a!.url, { signedIn: await signIn(a!.url, wallet) });
    const onB = await connectPlayer(b!.url, { signedIn: await signIn(b!.url, wallet) });
    // Node A's own chain (each in-process node here runs one): the entry fee is verified and recorded by A.
    const chain = realTimeChain(a!.url);
    await chain.airdrop(wallet.address, 1_000_000_000n);
    const signature = await chain.transfer(wallet, a!.houseWallet, WAGER);
    onA.send({ type: 'findMatch', gameMode: 'tiny_tuna', paymentSignature: signature });
    await onA.next('joinQueue', 30_000);
    const notice = await onB.next('transaction_notification', 10_000);
    expect(notice.transaction).toMatchObject({
      type: 'entry_fee',
      wallet_address: wallet.address,
      transaction_signature: signature,
    });
    onA.send({ type: 'cancelSearch' });
    onA.close();
    onB.close();
  });

  it('an unban through node A lets the wallet sign in and play on node B again', async () => {
    const { searcher, tab } = await searchingOnB();
    const wallet = searcher.wallet.address;
    await adminPost('ban-wallet', { walletAddress: wallet, reason: 'cluster test' });
    await tab.next('banStatus');
    await tab.closed;
    await expect(signIn(nodes[1]!.url, searcher.wallet)).rejects.toThrow('sign-in failed: 403');
    await adminPost('unban-wallet', { walletAddress: wallet, reason: 'appeal accepted' });
    const back = await connectPlayer(nodes[1]!.url, {
      signedIn: await signIn(nodes[1]!.url, searcher.wallet),
    });
    back.send({ type: 'findMatch', gameMode: 'practice' });
    const joined = await Promise.race([back.next('joinQueue'), back.next('error')]);
    expect(joined).toMatchObject({ type: 'joinQueue' });
    back.send({ type: 'cancelSearch' });
    await back.next('cancelSearch');
    back.close();
  });
});
