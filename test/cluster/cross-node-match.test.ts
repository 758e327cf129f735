import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGameMode } from '../../src/common/game-modes.ts';
import { CLOSE_CODES, ERROR_MESSAGES } from '../../src/common/protocol.ts';
import { CANCEL_REFUND_PERCENT, CANCEL_WAIT_MS } from '../../src/common/rules.ts';
import { RECONCILE_EXIT } from '../../src/server/cli/reconcile-cli.ts';
import { createNodeLiveness } from '../../src/server/cluster/node-liveness.ts';
import { connectRedis, parseRedisUrl } from '../../src/server/cluster/redis-connection.ts';
import { createRedisKeys } from '../../src/server/cluster/redis-keys.ts';
import { signIn } from '../support/player-client.ts';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '../support/test-server.ts';
import { readUntil, sleep } from '../support/until.ts';
import { expectPlayed, playFor, type Seat, socketNode, takeSeat, untilPlaying } from './cross-node-play.ts';
import { type OwnRedisServer, startOwnRedisServer } from './own-redis-server.ts';
import { startTestCluster, type TestCluster } from './test-cluster.ts';

/**
 * Cluster mode end to end with real server processes (two game nodes, one shared FIFO queue per mode in Redis):
 * players searching on different nodes are paired, the one held by the other node moves to the match's
 * node and the match is played and paid there once; a ban made through one node acts at once on a socket
 * another node holds; and when Redis goes away (a redis-server of the test's own, killed) a new search is
 * refused with a clear error and refunded in full, a live match plays on, and once Redis is back no node
 * is taken for lost and the match ends with one payout. Players use the protocol client, not a browser.
 */

const TUNA = getGameMode('tiny_tuna');
/** Payouts and refunds are paid by a node's worker (every second) and confirmed on chain (400 ms slots). */
const PAID_WITHIN_MS = 45_000;

type PaidPlayer = Awaited<ReturnType<TestCluster['paidPlayer']>>;

function findTuna(player: PaidPlayer) {
  player.player.send({ type: 'findMatch', gameMode: TUNA.id, paymentSignature: player.paymentSignature });
}

/** The winner payouts and refunds of a game, once each is confirmed on chain. */
function confirmedJobsOfGame(cluster: TestCluster, gameId: string) {
  return readUntil(
    () => cluster.payoutJobsOfGame(gameId),
    (jobs) => jobs.length > 0 && jobs.every((job) => job.status === 'confirmed'),
    { what: `the payout jobs of ${gameId} confirmed`, timeoutMs: PAID_WITHIN_MS },
  );
}

function confirmedRefunds(cluster: TestCluster, wallet: string) {
  return readUntil(
    () => cluster.refundJobs([wallet]),
    (jobs) => jobs.length > 0 && jobs.every((job) => job.status === 'confirmed'),
    { what: `a confirmed refund for ${wallet}`, timeoutMs: PAID_WITHIN_MS },
  );
}

/**
 * `loser` leaves the running match with `exit` (a forfeit); both are told, the game session is recorded as
 * the server records forfeits, and exactly one job pays the winner the mode's win, confirmed on chain.
 */
async function forfeit(cluster: TestCluster, loser: Seat, winner: Seat, winnerWallet: PaidPlayer) {
  const gameId = winner.matched.gameId;
  loser.player.send({ type: 'exit', gameId });
  const [lost, won] = await Promise.all([
    loser.player.next('gameOver', 10_000),
    winner.player.next('gameOver', 10_000),
  ]);
  expect(lost).toMatchObject({
    gameId,
    reason: 'exit',
    finalResult: 'loss',
    winner: winner.matched.playerIndex,
  });
  expect(won).toMatchObject({
    gameId,
    reason: 'opponent_disconnected',
    finalResult: 'win',
    winner: winner.matched.playerIndex,
  });
  // A forfeit is recorded 'interrupted' with the stayer as the winner (match-recorder.ts).
  const session = await readUntil(
    () => cluster.gameSession(gameId),
    (row) => row?.status !== 'playing',
    { what: `the result of ${gameId} recorded`, timeoutMs: 15_000 },
  );
  expect(session).toMatchObject({
    status: 'interrupted',
    outcome: winner.matched.playerIndex === 0 ? 'player1_win' : 'player2_win',
    winnerId: winnerWallet.wallet.address,
    nodeId: winner.matched.node,
  });
  const jobs = await confirmedJobsOfGame(cluster, gameId);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({
    kind: 'winner_payout',
    walletAddress: winnerWallet.wallet.address,
    amountLamports: TUNA.winLamports,
    status: 'confirmed',
  });
  expect((await cluster.chain.balance(winnerWallet.wallet.address)) - winnerWallet.paidBalance).toBe(
    TUNA.winLamports,
  );
}

async function expectReconciled(cluster: TestCluster) {
  const reconciled = await cluster.reconcile();
  expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
}

describe('matches and bans across the two nodes of a cluster (real processes)', () => {
  let cluster: TestCluster;

  beforeAll(async () => {
    cluster = await startTestCluster({
      name: 'cross-node',
      // The admin signs in with its password alone (the second factor has tests of its own).
      env: { ADMIN_EMAIL: TEST_ADMIN_EMAIL, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ADMIN_2FA_ROLES: '' },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 120_000);

  it('players on different nodes are paired FIFO and play a paid match to the end; the winner is paid once', async () => {
    const [node1, node2] = [cluster.node(1), cluster.node(2)];
    const a = await cluster.paidPlayer(node1, TUNA);
    const b = await cluster.paidPlayer(node2, TUNA);
    const c = await cluster.paidPlayer(node1, TUNA);
    const [aOn, bOn, cOn] = [
      await socketNode(a.player),
      await socketNode(b.player),
      await socketNode(c.player),
    ];
    expect([aOn, bOn, cOn]).toEqual(['node-1', 'node-2', 'node-1']);

    findTuna(a);
    expect(await a.player.next('joinQueue', 30_000)).toMatchObject({ queueType: TUNA.id, queuePosition: 1 });
    findTuna(b);
    await b.player.next('joinQueue', 30_000);
    findTuna(c);
    await c.player.next('joinQueue', 30_000);
    const cSearchingSince = Date.now();

    const [matchedA, matchedB] = await Promise.all([
      a.player.next('matched', 15_000),
      b.player.next('matched', 15_000),
    ]);
    const gameId = matchedA.gameId;
    expect(matchedB.gameId).toBe(gameId);
    expect(matchedB.node).toBe(matchedA.node);
    expect(['node-1', 'node-2']).toContain(matchedA.node);
    expect([matchedA.playerIndex, matchedB.playerIndex].sort()).toEqual([0, 1]);
    expect(await cluster.gameSession(gameId)).toMatchObject({ nodeId: matchedA.node, status: 'playing' });

    // The third search waits for a fourth: still searching, its row active on its node.
    expect(c.player.all('matched')).toEqual([]);
    expect(await cluster.searchOf(c.wallet.address)).toMatchObject([
      { status: 'active', nodeId: 'node-1', gameMode: TUNA.id },
    ]);

    // The one held by the other node moves to the match's node; the match waited for its seat.
    const seatA = await takeSeat(cluster, a.player, aOn, matchedA);
    const seatB = await takeSeat(cluster, b.player, bOn, matchedB);
    expect([seatA.moved, seatB.moved].filter(Boolean)).toHaveLength(1);

    await untilPlaying([seatA, seatB]);
    expectPlayed([seatA, seatB], await playFor([seatA, seatB], 3_000), 1);

    await forfeit(cluster, seatA, seatB, b);
    expect(await cluster.chain.balance(a.wallet.address)).toBe(a.paidBalance);
    expect(await cluster.refundJobs([a.wallet.address, b.wallet.address])).toEqual([]);
    for (const player of [a, b]) {
      expect(await cluster.searchOf(player.wallet.address)).toMatchObject([
        { status: 'matched', resultingGameId: gameId },
      ]);
    }

    // C leaves its paid search once it may (SPEC §9: after 10 s, 97% back).
    await sleep(Math.max(0, cSearchingSince + CANCEL_WAIT_MS + 500 - Date.now()));
    c.player.send({ type: 'cancelSearch', paymentSignature: c.paymentSignature });
    expect(await c.player.next('cancelSearch')).toMatchObject({ success: true });
    expect(await cluster.searchOf(c.wallet.address)).toMatchObject([{ status: 'cancelled' }]);
    const kept = (TUNA.wagerLamports * CANCEL_REFUND_PERCENT) / 100n;
    const [refund, ...more] = await confirmedRefunds(cluster, c.wallet.address);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amountLamports: kept, status: 'confirmed' });
    expect((await cluster.chain.balance(c.wallet.address)) - c.paidBalance).toBe(kept);

    expect(await cluster.payoutJobsOfGame(gameId)).toHaveLength(1);
    await expectReconciled(cluster);
  }, 240_000);

  it('a ban made through node 1 acts at once on a socket held by node 2', async () => {
    const login = await fetch(`${cluster.node(1).url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.origin },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(adminCookie).not.toBe('');

    const { player, wallet } = await cluster.connectedPlayer(cluster.node(2));
    expect(await socketNode(player)).toBe('node-2');
    player.send({ type: 'findMatch', gameMode: 'practice' });
    expect(await player.next('joinQueue')).toMatchObject({ queueType: 'practice' });
    expect(await cluster.searchOf(wallet.address)).toMatchObject([{ status: 'active', nodeId: 'node-2' }]);

    const banned = await fetch(`${cluster.node(1).url}/api/admin/ban-wallet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.origin, cookie: adminCookie },
      body: JSON.stringify({ walletAddress: wallet.address, reason: 'cross-node acceptance' }),
    });
    expect(banned.status, await banned.clone().text()).toBe(200);
    const bannedAt = Date.now();

    expect((await player.next('error', 3_000)).data.code).toBe('account_restricted');
    expect(await player.next('cancelSearch', 3_000)).toMatchObject({ success: true });
    expect(await player.next('banStatus', 3_000)).toMatchObject({ banned: true, walletBanned: true });
    expect(Date.now() - bannedAt).toBeLessThan(3_000);
    expect(await cluster.searchOf(wallet.address)).toMatchObject([{ status: 'cancelled', nodeId: 'node-2' }]);

    // RELIABILITY 35: then node 2 closes the socket as restricted, and the wallet cannot sign in again.
    expect((await player.closed).code).toBe(CLOSE_CODES.restricted);
    await expect(
      signIn(cluster.node(2).url, wallet, { headers: { origin: cluster.origin } }),
    ).rejects.toThrow(/sign-in failed: 403 .*banned/);
  }, 60_000);
});

describe('a Redis outage under a two-node cluster (a redis-server of its own, real processes)', () => {
  let redis: OwnRedisServer;
  let cluster: TestCluster;

  beforeAll(async () => {
    redis = await startOwnRedisServer();
    cluster = await startTestCluster({ name: 'redis-outage', redisUrl: redis.url });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
  }, 120_000);

  /** The nodes beating in the test's Redis now. */
  async function beatingNodes(): Promise<string[]> {
    const client = await connectRedis(parseRedisUrl(redis.url));
    try {
      const keys = createRedisKeys(cluster.options.redisKeyPrefix);
      return await createNodeLiveness({ redis: client, keys }).liveNodes();
    } finally {
      client.disconnect();
    }
  }

  it('a Redis outage: new searches get a clear error, a live match plays on, nothing is lost or paid twice', async () => {
    const [node1, node2] = [cluster.node(1), cluster.node(2)];
    const a = await cluster.paidPlayer(node2, TUNA);
    const b = await cluster.paidPlayer(node2, TUNA);
    // Paid before the outage: the chain needs no Redis, and the outage is about the search.
    const late = await cluster.paidPlayer(node1, TUNA);
    const [aOn, bOn] = [await socketNode(a.player), await socketNode(b.player)];
    expect(await beatingNodes()).toEqual(['node-1', 'node-2']);

    findTuna(a);
    await a.player.next('joinQueue', 30_000);
    findTuna(b);
    const [matchedA, matchedB] = await Promise.all([
      a.player.next('matched', 30_000),
      b.player.next('matched', 30_000),
    ]);
    const gameId = matchedA.gameId;
    expect(matchedB.gameId).toBe(gameId);
    const seats = [
      await takeSeat(cluster, a.player, aOn, matchedA),
      await takeSeat(cluster, b.player, bOn, matchedB),
    ];
    await untilPlaying(seats);
    const [seatA, seatB] = seats as [Seat, Seat];
    const interruptions = () =>
      seats.flatMap((seat) => [
        ...seat.player.all('playerTemporarilyDisconnected'),
        ...seat.player.all('gameOver'),
      ]);
    const interruptionsBefore = interruptions().length;

    await redis.kill('SIGKILL');

    // A new paid search while Redis is down: a clear error, and its fee back in full.
    findTuna(late);
    const refused = await late.player.next('error', 15_000);
    expect(refused.data).toEqual({
      code: 'matchmaking_unavailable',
      message: ERROR_MESSAGES.matchmakingUnavailable,
    });
    expect(late.player.all('joinQueue')).toEqual([]);
    const [closed, ...otherSearches] = await cluster.searchOf(late.wallet.address);
    expect(otherSearches).toEqual([]);
    expect(closed).toMatchObject({ status: 'error', nodeId: 'node-1', gameMode: TUNA.id });

    // Meanwhile the match plays on.
    expectPlayed(seats, await playFor(seats, 5_000), 1);

    const [refund, ...moreRefunds] = await confirmedRefunds(cluster, late.wallet.address);
    expect(moreRefunds).toEqual([]);
    expect(refund).toMatchObject({
      queueSessionId: closed!.id,
      amountLamports: TUNA.wagerLamports,
      status: 'confirmed',
    });
    expect((await cluster.chain.balance(late.wallet.address)) - late.paidBalance).toBe(TUNA.wagerLamports);
    // All of that while Redis was still down.
    await expect(beatingNodes()).rejects.toThrow(/unreachable/);
    expect(await cluster.gameSession(gameId)).toMatchObject({ status: 'playing', nodeId: matchedA.node });
    expect(await cluster.lostNodeEvents()).toEqual([]);

    // Redis comes back empty on its port; the nodes beat again and neither is taken for lost.
    await redis.restart();
    expectPlayed(seats, await playFor(seats, 10_000), 2);
    expect(await beatingNodes()).toEqual(['node-1', 'node-2']);
    expect(await cluster.lostNodeEvents()).toEqual([]);
    expect(await cluster.gameSession(gameId)).toMatchObject({ status: 'playing' });
    expect(interruptions()).toHaveLength(interruptionsBefore);

    await forfeit(cluster, seatB, seatA, a);
    expect(await cluster.chain.balance(b.wallet.address)).toBe(b.paidBalance);
    expect(await cluster.refundJobs([a.wallet.address, b.wallet.address])).toEqual([]);
    expect(await cluster.refundJobs([late.wallet.address])).toHaveLength(1);
    expect(await cluster.lostNodeEvents()).toEqual([]);
    await expectReconciled(cluster);
  }, 240_000);
});
