import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type ClusterNode,
  type ClusterOptions,
  houseKeypairFile,
  publicOriginOf,
  startClusterNode,
  startClusterNodes,
  stopClusterNodes,
} from '../../scripts/cluster/cluster-nodes.ts';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';
import { type GameMode, getGameMode } from '../../src/common/game-modes.ts';
import { LOST_CONFIRM_MS, NODE_TTL_MS, WATCH_EVERY_MS } from '../../src/server/cluster/cluster-node.ts';
import { type OpenedDatabase, openDatabase } from '../../src/server/db/open-database.ts';
import { gameSessions, payoutJobs, queueSessions, systemEvents } from '../../src/server/db/schema/index.ts';
import { RECONCILE_EXIT, runReconcileCli } from '../../src/server/ledger/reconcile-cli.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../db-harness.ts';
import { connectPlayer, signIn, type TestPlayer } from '../support/player-client.ts';
import { type RealTimeChain, realTimeChain } from '../support/real-time-chain.ts';
import { deleteRedisKeys } from './redis-prefix-cleanup.ts';

/**
 * Issue 12 acceptance with real server processes: a game node killed with SIGKILL (as a crash or an OOM
 * kill would) leaves paid matches and searches open in PostgreSQL; the surviving node sees its heartbeat
 * gone from Redis and settles them (matches interrupted, every entry refunded in full, exactly once, one
 * `game_node_lost` event), its payout worker pays the refunds on chain, and the ledger still reconciles
 * with the chain. A node stopped with SIGTERM lets its match play to its end (the drain), or, with no drain,
 * settles it itself. Players of a match connect to the same node here (pairing across nodes has its own
 * tests); they pay on node 1's local chain in real time.
 */

const TUNA = getGameMode('tiny_tuna');
const SHRIMP = getGameMode('smol_shrimp');
const PLAYER_FUNDS = 1_000_000_000n;
/** Heartbeat gone (lease) + seen missing long enough + a watch period or two: when node 1 must have acted. */
const LOST_WITHIN_MS = 20_000;
/** Refunds are paid by a live node's worker (every second) and confirmed on chain (400 ms slots). */
const REFUNDS_WITHIN_MS = 45_000;
/** Long enough for a lost-node decision to happen if one were coming: what "nothing more" waits out. */
const QUIET_MS = NODE_TTL_MS + LOST_CONFIRM_MS + 2 * WATCH_EVERY_MS;

let database: ThrowawayDatabase;
let dataDir: string;
let options: ClusterOptions;
let nodes: ClusterNode[] = [];
let opened: OpenedDatabase;
let chain: RealTimeChain;
let house: string;
let origin: string;
const players: TestPlayer[] = [];

beforeAll(async () => {
  database = await createThrowawayDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pong-node-loss-test-'));
  const basePort = await findFreePortRange(3);
  options = {
    nodes: 2,
    basePort,
    dataDir,
    databaseUrl: database.url,
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: `pong-node-loss-test-${process.pid}-${basePort}`,
    env: { LOG_LEVEL: 'warn' },
  };
  origin = publicOriginOf(options);
  nodes = await startClusterNodes(options);
  opened = await openDatabase({ databaseUrl: database.url, dataDir });
  chain = realTimeChain(nodes[0]!.url);
  house = ((await (await fetch(`${nodes[0]!.url}/api/wallet-config`)).json()) as { houseWallet: string })
    .houseWallet;
}, 240_000);

afterAll(async () => {
  for (const player of players) player.close();
  await stopClusterNodes(nodes);
  await opened?.close();
  await database?.drop();
  if (options) await deleteRedisKeys(options.redisUrl, options.redisKeyPrefix);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 120_000);

const node1 = () => nodes[0]!;
const node2 = () => nodes[1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shown = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** Polls `read` until `done` holds; throws with what it last read after `timeoutMs`. */
async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last: ${shown(value)}`);
    await sleep(250);
  }
}

/** A funded wallet signed in and connected straight to `node` (through the proxy's origin, as a browser is). */
async function connectedPlayer(node: ClusterNode): Promise<{ player: TestPlayer; wallet: KeyPairSigner }> {
  const wallet = await generateKeyPairSigner();
  await chain.airdrop(wallet.address, PLAYER_FUNDS);
  const signedIn = await signIn(node.url, wallet, { headers: { origin } });
  const player = await connectPlayer(node.url, { signedIn, origin });
  players.push(player);
  return { player, wallet };
}

/** A connected player who has paid `mode`'s wager to the house; `paidBalance` is its balance after paying. */
async function paidPlayer(node: ClusterNode, mode: GameMode) {
  const { player, wallet } = await connectedPlayer(node);
  const paymentSignature = await chain.transfer(wallet, house, mode.wagerLamports);
  return { player, wallet, paymentSignature, paidBalance: await chain.balance(wallet.address) };
}
type PaidPlayer = Awaited<ReturnType<typeof paidPlayer>>;

/** Two paid players of `mode` on `node`, matched with each other; resolves once the match is under way. */
async function paidMatch(
  node: ClusterNode,
  mode: GameMode,
): Promise<{ gameId: string; a: PaidPlayer; b: PaidPlayer }> {
  const [a, b] = [await paidPlayer(node, mode), await paidPlayer(node, mode)];
  a.player.send({ type: 'findMatch', gameMode: mode.id, paymentSignature: a.paymentSignature });
  await a.player.next('joinQueue', 30_000);
  b.player.send({ type: 'findMatch', gameMode: mode.id, paymentSignature: b.paymentSignature });
  const [matchedA, matchedB] = await Promise.all([
    a.player.next('matched', 30_000),
    b.player.next('matched', 30_000),
  ]);
  expect(matchedB.gameId).toBe(matchedA.gameId);
  const gameId = matchedA.gameId;
  await Promise.all([a.player.next('gameState', 15_000), b.player.next('gameState', 15_000)]);
  for (let i = 0; i < 5; i++) {
    a.player.send({ type: 'paddleMove', gameId, position: 250 + i * 10 });
    b.player.send({ type: 'paddleMove', gameId, position: 350 - i * 10 });
  }
  const session = await waitUntil(
    `game_sessions row of ${gameId}`,
    () => gameSession(gameId),
    (row) => row !== undefined,
    10_000,
  );
  expect(session).toMatchObject({ nodeId: node.id });
  expect(['preparing', 'playing', 'paused']).toContain(session!.status);
  return { gameId, a, b };
}

async function gameSession(gameId: string) {
  const [row] = await opened.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
  return row;
}

async function refundJobs(wallets: string[]) {
  return opened.db
    .select()
    .from(payoutJobs)
    .where(and(eq(payoutJobs.kind, 'refund'), inArray(payoutJobs.walletAddress, wallets)));
}

async function allPayoutJobs() {
  return opened.db.select().from(payoutJobs);
}

async function lostNodeEvents() {
  return opened.db
    .select()
    .from(systemEvents)
    .where(eq(systemEvents.eventType, 'game_node_lost'))
    .orderBy(asc(systemEvents.createdAt));
}

async function searchOf(wallet: string) {
  return opened.db.select().from(queueSessions).where(eq(queueSessions.walletAddress, wallet));
}

/** Waits until each wallet has its refund jobs and every one of them is confirmed on chain. */
async function confirmedRefunds(wallets: string[], count: number) {
  return waitUntil(
    `${count} confirmed refund(s) for ${wallets.join(', ')}`,
    () => refundJobs(wallets),
    (jobs) => jobs.length >= count && jobs.every((job) => job.status === 'confirmed'),
    REFUNDS_WITHIN_MS,
  );
}

/** `npm run reconcile` against node 1's chain and the shared database: the exit code and what it printed. */
async function reconcile(): Promise<{ code: number; report: string }> {
  const genesis = JSON.parse(
    await readFile(path.join(dataDir, 'node-1', 'chain', 'genesis.json'), 'utf8'),
  ) as {
    faucetAddress: string;
  };
  const lines: string[] = [];
  const code = await runReconcileCli(
    ['--rpc-url', `${node1().url}/rpc`, '--funding-address', genesis.faucetAddress],
    {
      DATABASE_URL: database.url,
      HOUSE_WALLET_KEYPAIR: houseKeypairFile(dataDir),
      DATA_DIR: path.join(dataDir, 'reconcile'),
    },
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
  );
  return { code, report: lines.join('\n') };
}

async function killNode2(signal: NodeJS.Signals) {
  expect(node2().kill(signal)).toBe(true);
  return node2().exited;
}

async function restartNode2(env: Record<string, string> = {}) {
  nodes[1] = await startClusterNode({ ...options, env: { ...options.env, ...env } }, 2);
}

describe('a game node of a two-node cluster is lost (real processes)', () => {
  it('kill -9 of the node that owns a live paid match refunds both entries exactly once', async () => {
    expect(await lostNodeEvents()).toEqual([]);
    const { gameId, a, b } = await paidMatch(node2(), TUNA);
    const wallets = [a.wallet.address, b.wallet.address];

    const killedAt = Date.now();
    expect(await killNode2('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all([a.player.closed, b.player.closed]);

    const settled = await waitUntil(
      'the match of the killed node settled',
      () => gameSession(gameId),
      (row) => row?.status === 'interrupted',
      LOST_WITHIN_MS,
    );
    expect(settled).toMatchObject({ status: 'interrupted', outcome: 'interrupted', nodeId: 'node-2' });
    expect(Date.now() - killedAt).toBeLessThan(LOST_WITHIN_MS);

    const jobs = await confirmedRefunds(wallets, 2);
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j) => j.walletAddress).sort()).toEqual([...wallets].sort());
    for (const job of jobs) {
      expect(job).toMatchObject({ gameId, amountLamports: TUNA.wagerLamports, status: 'confirmed' });
    }
    const events = await lostNodeEvents();
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ nodeIds: ['node-2'], settledBy: 'node-1', gameIds: [gameId] });
    expect(events[0]!.message).toContain('node-2');

    // Each player has exactly the wager back: the refund's fee is the house's.
    for (const player of [a, b]) {
      expect((await chain.balance(player.wallet.address)) - player.paidBalance).toBe(TUNA.wagerLamports);
    }
    const reconciled = await reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);

    // Node 2 comes back on its port: its start-up settlement finds nothing of its own left to settle.
    const jobsBefore = (await allPayoutJobs()).length;
    await restartNode2();
    const { player } = await connectedPlayer(node2());
    player.send({ type: 'findMatch', gameMode: 'practice' });
    expect(await player.next('joinQueue')).toMatchObject({ queueType: 'practice' });
    player.send({ type: 'cancelSearch' });
    expect(await player.next('cancelSearch')).toMatchObject({ success: true });
    await sleep(QUIET_MS);
    expect(await refundJobs(wallets)).toHaveLength(2);
    expect(await allPayoutJobs()).toHaveLength(jobsBefore);
    expect(await lostNodeEvents()).toHaveLength(1);
    expect(await gameSession(gameId)).toMatchObject({ status: 'interrupted' });
  }, 180_000);

  it('kill -9 of a node with open searches refunds them exactly once; searches on the live node stay open', async () => {
    // A free search held by node 1, open before node 2 dies.
    const bystander = await connectedPlayer(node1());
    bystander.player.send({ type: 'findMatch', gameMode: 'practice' });
    await bystander.player.next('joinQueue');
    const [practice] = await searchOf(bystander.wallet.address);
    expect(practice).toMatchObject({ status: 'active', nodeId: 'node-1', gameMode: 'practice' });

    // A paid search held by node 2, alone in its mode's queue.
    const searcher = await paidPlayer(node2(), SHRIMP);
    searcher.player.send({
      type: 'findMatch',
      gameMode: SHRIMP.id,
      paymentSignature: searcher.paymentSignature,
    });
    await searcher.player.next('joinQueue', 30_000);
    const [search] = await searchOf(searcher.wallet.address);
    expect(search).toMatchObject({ status: 'active', nodeId: 'node-2', gameMode: SHRIMP.id });
    const eventsBefore = (await lostNodeEvents()).length;

    expect(await killNode2('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const [closed] = await waitUntil(
      'the search of the killed node closed',
      () => searchOf(searcher.wallet.address),
      (rows) => rows[0]?.status !== 'active',
      LOST_WITHIN_MS,
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
    const events = (await lostNodeEvents()).slice(eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      nodeIds: ['node-2'],
      settledBy: 'node-1',
      gameIds: [],
      searches: 1,
    });
    expect((await chain.balance(searcher.wallet.address)) - searcher.paidBalance).toBe(SHRIMP.wagerLamports);

    // Node 1's own search is untouched, and its player is still connected.
    expect(await searchOf(bystander.wallet.address)).toEqual([practice]);
    expect(bystander.player.socket.readyState).toBe(WebSocket.OPEN);
    bystander.player.send({ type: 'cancelSearch' });
    expect(await bystander.player.next('cancelSearch')).toMatchObject({ success: true });

    expect(await refundJobs([searcher.wallet.address])).toHaveLength(1);
    const reconciled = await reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);

  it('a node stopped (SIGTERM) with no drain settles its own match itself; no game_node_lost event', async () => {
    await restartNode2({ SHUTDOWN_DRAIN_SECONDS: '0' });
    const { gameId, a, b } = await paidMatch(node2(), TUNA);
    const wallets = [a.wallet.address, b.wallet.address];
    const eventsBefore = (await lostNodeEvents()).length;

    expect(await killNode2('SIGTERM')).toEqual({ code: 0, signal: null });
    const stoppedAt = Date.now();
    // Settled by the stopping node before it exited: nothing was left for node 1 to find.
    expect(await gameSession(gameId)).toMatchObject({ status: 'interrupted', outcome: 'interrupted' });
    expect(await refundJobs(wallets)).toHaveLength(2);

    const jobs = await confirmedRefunds(wallets, 2);
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(job).toMatchObject({ gameId, amountLamports: TUNA.wagerLamports });
    for (const player of [a, b]) {
      expect((await chain.balance(player.wallet.address)) - player.paidBalance).toBe(TUNA.wagerLamports);
    }
    await sleep(Math.max(0, stoppedAt + QUIET_MS - Date.now()));
    expect(await lostNodeEvents()).toHaveLength(eventsBefore);
    expect(await refundJobs(wallets)).toHaveLength(2);
    const reconciled = await reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);

  it('a node told to stop (SIGTERM) lets its live paid match play to its end: the winner is paid once, nobody refunded', async () => {
    await restartNode2();
    const { gameId, a, b } = await paidMatch(node2(), TUNA);
    const eventsBefore = (await lostNodeEvents()).length;
    expect(node2().kill('SIGTERM')).toBe(true);

    // Draining: the node is still up and the match still runs.
    await sleep(1_500);
    expect(node2().pid).toBeGreaterThan(0);
    const before = a.player.all('gameState').length;
    await sleep(500);
    expect(a.player.all('gameState').length).toBeGreaterThan(before);
    expect(await gameSession(gameId)).toMatchObject({ status: 'playing' });

    // The match ends (b leaves: a wins by forfeit); then the node stops by itself.
    b.player.send({ type: 'exit', gameId });
    expect(await node2().exited).toEqual({ code: 0, signal: null });
    const payouts = await waitUntil(
      'the winner paid',
      () => opened.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId)),
      (jobs) => jobs.length === 1 && jobs[0]!.status === 'confirmed',
      REFUNDS_WITHIN_MS,
    );
    expect(payouts.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', a.wallet.address, TUNA.winLamports],
    ]);
    expect(await refundJobs([a.wallet.address, b.wallet.address])).toEqual([]);
    expect((await chain.balance(a.wallet.address)) - a.paidBalance).toBe(TUNA.winLamports);
    expect(await lostNodeEvents()).toHaveLength(eventsBefore);
    const reconciled = await reconcile();
    expect(reconciled.code, reconciled.report).toBe(RECONCILE_EXIT.agree);
  }, 180_000);
});
