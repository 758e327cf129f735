import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type GameMode, getGameMode } from '../../src/common/game-modes.ts';
import { RECONCILE_EXIT } from '../../src/server/cli/reconcile-cli.ts';
import { LOST_CONFIRM_MS, NODE_TTL_MS, WATCH_EVERY_MS } from '../../src/server/cluster/cluster-node.ts';
import { readUntil, sleep } from '../support/until.ts';
import { startTestCluster, type TestCluster } from './test-cluster.ts';

/**
 * A lost game node, end to end with real server processes: a game node killed with SIGKILL (as a crash or an OOM
 * kill would) leaves paid matches and searches open in PostgreSQL; the surviving node sees its heartbeat
 * gone from Redis and settles them (matches interrupted, every entry refunded in full, exactly once, one
 * `game_node_lost` event), its payout worker pays the refunds on chain, and the ledger still reconciles
 * with the chain. A node stopped with SIGTERM lets its match play to its end (the drain), or, with no drain,
 * settles it itself. Players of a match connect to the same node here (pairing across nodes has its own
 * tests); they pay on node 1's local chain in real time. The cluster's set-up is test-cluster.ts.
 */

const TUNA = getGameMode('tiny_tuna');
const SHRIMP = getGameMode('smol_shrimp');
/** Heartbeat gone (lease) + seen missing long enough + a watch period or two: when node 1 must have acted. */
const LOST_WITHIN_MS = 20_000;
/** Refunds are paid by a live node's worker (every second) and confirmed on chain (400 ms slots). */
const REFUNDS_WITHIN_MS = 45_000;
/** Long enough for a lost-node decision to happen if one were coming: what "nothing more" waits out. */
const QUIET_MS = NODE_TTL_MS + LOST_CONFIRM_MS + 2 * WATCH_EVERY_MS;

let cluster: TestCluster;
const node1 = () => cluster.node(1);
const node2 = () => cluster.node(2);

type PaidPlayer = Awaited<ReturnType<TestCluster['paidPlayer']>>;

/**
 * Two paid players of `mode` on node 2, matched with each other on node 2; resolves once the match is under
 * way. A paid challenge, accepted on the node that holds both sockets, is the match of node 2 whatever the
 * other node does: two public searches there may be paired by node 1's own pass over the shared queue (the
 * cluster's rule), which starts their match on node 1 and moves both players there, and these tests are
 * about losing the node that owns the match.
 */
async function paidMatch(mode: GameMode): Promise<{ gameId: string; a: PaidPlayer; b: PaidPlayer }> {
  const [a, b] = [await cluster.paidPlayer(node2(), mode), await cluster.paidPlayer(node2(), mode)];
  a.player.send({
    type: 'findMatch',
    gameMode: mode.id,
    paymentSignature: a.paymentSignature,
    challenge: 'new',
  });
  const code = (await a.player.next('findMatch', 30_000)).challenge?.code;
  expect(code).toEqual(expect.any(String));
  b.player.send({
    type: 'findMatch',
    gameMode: mode.id,
    paymentSignature: b.paymentSignature,
    challenge: code!,
  });
  const [matchedA, matchedB] = await Promise.all([
    a.player.next('matched', 30_000),
    b.player.next('matched', 30_000),
  ]);
  expect(matchedB.gameId).toBe(matchedA.gameId);
  const gameId = matchedA.gameId;
  // The first keyframe is the match's first tick; a node just (re)started on a busy machine can take a while
  // to run it, as long as the pairing itself may (30 s above).
  await Promise.all([a.player.next('gameState', 30_000), b.player.next('gameState', 30_000)]);
  for (let i = 0; i < 5; i++) {
    a.player.send({ type: 'paddleMove', gameId, position: 250 + i * 10 });
    b.player.send({ type: 'paddleMove', gameId, position: 350 - i * 10 });
  }
  const session = await readUntil(
    () => cluster.gameSession(gameId),
    (row) => row !== undefined,
    { what: `game_sessions row of ${gameId}`, timeoutMs: 10_000 },
  );
  expect(session).toMatchObject({ nodeId: node2().id });
  expect(['preparing', 'playing', 'paused']).toContain(session!.status);
  return { gameId, a, b };
}

/** Waits until each wallet has its refund jobs and every one of them is confirmed on chain. */
async function confirmedRefunds(wallets: string[], count: number) {
  return readUntil(
    () => cluster.refundJobs(wallets),
    (jobs) => jobs.length >= count && jobs.every((job) => job.status === 'confirmed'),
    { what: `${count} confirmed refund(s) for ${wallets.join(', ')}`, timeoutMs: REFUNDS_WITHIN_MS },
  );
}

async function killNode2(signal: NodeJS.Signals) {
  expect(node2().kill(signal)).toBe(true);
  return node2().exited;
}

describe('a game node of a two-node cluster is lost (real processes)', () => {
  beforeAll(async () => {
    cluster = await startTestCluster({ name: 'node-loss' });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 120_000);

  it('kill -9 of the node that owns a live paid match refunds both entries exactly once', async () => {
    expect(await cluster.lostNodeEvents()).toEqual([]);
    const { gameId, a, b } = await paidMatch(TUNA);
    const wallets = [a.wallet.address, b.wallet.address];

    const killedAt = Date.now();
    expect(await killNode2('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all([a.player.closed, b.player.closed]);

    const settled = await readUntil(
      () => cluster.gameSession(gameId),
      (row) => row?.status === 'interrupted',
      { what: 'the match of the killed node settled', timeoutMs: LOST_WITHIN_MS },
    );
    expect(settled).toMatchObject({ status: 'interrupted', outcome: 'interrupted', nodeId: 'node-2' });
    expect(Date.now() - killedAt).toBeLessThan(LOST_WITHIN_MS);

    const jobs = await confirmedRefunds(wallets, 2);
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j) => j.walletAddress).sort()).toEqual([...wallets].sort());
    for (const job of jobs) {
      expect(job).toMatchObject({ gameId, amountLamports: TUNA.wagerLamports, status: 'confirmed' });
    }
    const events = await cluster.lostNodeEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ nodeIds: ['node-2'], settledBy: 'node-1', gameIds: [gameId] });
    expect(events[0]!.message).toContain('node-2');

    // Each player has exactly the wager back: the refund's fee is the house's.
    for (const player of [a, b]) {
      expect((await cluster.chain.balance(player.wallet.address)) - player.paidBalance).toBe(
        TUNA.wagerLamports,
      );
    }
    const reconciled = await cluster.reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);

    // Node 2 comes back on its port: its start-up settlement finds nothing of its own left to settle.
    const jobsBefore = (await cluster.allPayoutJobs()).length;
    await cluster.restartNode(2);
    const { player } = await cluster.connectedPlayer(node2());
    player.send({ type: 'findMatch', gameMode: 'practice' });
    expect(await player.next('joinQueue')).toMatchObject({ queueType: 'practice' });
    player.send({ type: 'cancelSearch' });
    expect(await player.next('cancelSearch')).toMatchObject({ success: true });
    await sleep(QUIET_MS);
    expect(await cluster.refundJobs(wallets)).toHaveLength(2);
    expect(await cluster.allPayoutJobs()).toHaveLength(jobsBefore);
    expect(await cluster.lostNodeEvents()).toHaveLength(1);
    expect(await cluster.gameSession(gameId)).toMatchObject({ status: 'interrupted' });
  }, 180_000);

  it('kill -9 of a node with open searches refunds them exactly once; searches on the live node stay open', async () => {
    // A free search held by node 1, open before node 2 dies.
    const bystander = await cluster.connectedPlayer(node1());
    bystander.player.send({ type: 'findMatch', gameMode: 'practice' });
    await bystander.player.next('joinQueue');
    const [practice] = await cluster.searchOf(bystander.wallet.address);
    expect(practice).toMatchObject({ status: 'active', nodeId: 'node-1', gameMode: 'practice' });

    // A paid search held by node 2, alone in its mode's queue.
    const searcher = await cluster.paidPlayer(node2(), SHRIMP);
    searcher.player.send({
      type: 'findMatch',
      gameMode: SHRIMP.id,
      paymentSignature: searcher.paymentSignature,
    });
    await searcher.player.next('joinQueue', 30_000);
    const [search] = await cluster.searchOf(searcher.wallet.address);
    expect(search).toMatchObject({ status: 'active', nodeId: 'node-2', gameMode: SHRIMP.id });
    const eventsBefore = (await cluster.lostNodeEvents()).length;

    expect(await killNode2('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const [closed] = await readUntil(
      () => cluster.searchOf(searcher.wallet.address),
      (rows) => rows[0]?.status !== 'active',
      { what: 'the search of the killed node closed', timeoutMs: LOST_WITHIN_MS },
    );
    expect(closed).toMatchObject({ id: search!.id, status: 'error' });

    const jobs = await confirmedRefunds([searcher.wallet.address], 1);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      queueSessionId: search!.id,
      gameId: null,
      amountLamports: SHRIMP.wagerLamports,
      status: 'confirmed',
    });
    const events = (await cluster.lostNodeEvents()).slice(eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      nodeIds: ['node-2'],
      settledBy: 'node-1',
      gameIds: [],
      searches: 1,
    });
    expect((await cluster.chain.balance(searcher.wallet.address)) - searcher.paidBalance).toBe(
      SHRIMP.wagerLamports,
    );

    // Node 1's own search is untouched, and its player is still connected.
    expect(await cluster.searchOf(bystander.wallet.address)).toEqual([practice]);
    expect(bystander.player.socket.readyState).toBe(WebSocket.OPEN);
    bystander.player.send({ type: 'cancelSearch' });
    expect(await bystander.player.next('cancelSearch')).toMatchObject({ success: true });

    expect(await cluster.refundJobs([searcher.wallet.address])).toHaveLength(1);
    const reconciled = await cluster.reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);

  it('a node stopped (SIGTERM) with no drain settles its own match itself; no game_node_lost event', async () => {
    await cluster.restartNode(2, { SHUTDOWN_DRAIN_SECONDS: '0' });
    const { gameId, a, b } = await paidMatch(TUNA);
    const wallets = [a.wallet.address, b.wallet.address];
    const eventsBefore = (await cluster.lostNodeEvents()).length;

    expect(await killNode2('SIGTERM')).toEqual({ code: 0, signal: null });
    const stoppedAt = Date.now();
    // Settled by the stopping node before it exited: nothing was left for node 1 to find.
    expect(await cluster.gameSession(gameId)).toMatchObject({
      status: 'interrupted',
      outcome: 'interrupted',
    });
    expect(await cluster.refundJobs(wallets)).toHaveLength(2);

    const jobs = await confirmedRefunds(wallets, 2);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job).toMatchObject({ gameId, amountLamports: TUNA.wagerLamports });
    for (const player of [a, b]) {
      expect((await cluster.chain.balance(player.wallet.address)) - player.paidBalance).toBe(
        TUNA.wagerLamports,
      );
    }
    await sleep(Math.max(0, stoppedAt + QUIET_MS - Date.now()));
    expect(await cluster.lostNodeEvents()).toHaveLength(eventsBefore);
    expect(await cluster.refundJobs(wallets)).toHaveLength(2);
    const reconciled = await cluster.reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);

  it('a node told to stop (SIGTERM) lets its live paid match play to its end: the winner is paid once, nobody refunded', async () => {
    await cluster.restartNode(2);
    const { gameId, a, b } = await paidMatch(TUNA);
    const eventsBefore = (await cluster.lostNodeEvents()).length;
    expect(node2().kill('SIGTERM')).toBe(true);

    // Draining: the node is still up and the match still runs.
    await sleep(1_500);
    expect(node2().pid).toBeGreaterThan(0);
    // A running match sends a keyframe at least every 3 s (KEYFRAME_TICKS).
    const before = a.player.all('gameState').length;
    await readUntil(
      async () => a.player.all('gameState').length,
      (n) => n > before,
      { what: 'a keyframe of the running match', timeoutMs: 10_000 },
    );
    expect(await cluster.gameSession(gameId)).toMatchObject({ status: 'playing' });

    // The match ends (b leaves: a wins by forfeit); then the node stops by itself.
    b.player.send({ type: 'exit', gameId });
    expect(await node2().exited).toEqual({ code: 0, signal: null });
    const payouts = await readUntil(
      () => cluster.payoutJobsOfGame(gameId),
      (jobs) => jobs.length === 1 && jobs[0]!.status === 'confirmed',
      { what: 'the winner paid', timeoutMs: REFUNDS_WITHIN_MS },
    );
    expect(payouts.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', a.wallet.address, TUNA.winLamports],
    ]);
    expect(await cluster.refundJobs([a.wallet.address, b.wallet.address])).toEqual([]);
    expect((await cluster.chain.balance(a.wallet.address)) - a.paidBalance).toBe(TUNA.winLamports);
    expect(await cluster.lostNodeEvents()).toHaveLength(eventsBefore);
    const reconciled = await cluster.reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);
});
