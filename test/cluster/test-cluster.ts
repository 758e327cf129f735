import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
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
import type { GameMode } from '../../src/common/game-modes.ts';
import { runReconcileCli } from '../../src/server/cli/reconcile-cli.ts';
import { type OpenedDatabase, openDatabase } from '../../src/server/db/open-database.ts';
import { gameSessions, payoutJobs, queueSessions, systemEvents } from '../../src/server/db/schema/index.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/database-bed.ts';
import { connectPlayer, signIn, type TestPlayer } from '../support/player-client.ts';
import { sleep } from '../support/until.ts';
import { type RealTimeChain, realTimeChain } from './real-time-chain.ts';
import { deleteRedisKeys } from './redis-prefix-cleanup.ts';

/**
 * The set-up of a process test of cluster mode, written once: game nodes as real server processes
 * (scripts/cluster/cluster-nodes.ts) on a throwaway PostgreSQL database and a Redis key prefix of their own,
 * node 1's local chain reached the way a player's wallet reaches it, players signed in and paying entry
 * fees, a node started again after a test killed or stopped it, and the rows and reconcile run a test reads
 * to judge what the nodes did. `stop` undoes all of it.
 */

const PLAYER_FUNDS = 1_000_000_000n;

export interface TestClusterOptions {
  /** Names the data folder and the Redis key prefix (with the pid and port), e.g. 'node-loss'. */
  name: string;
  /** Default TEST_REDIS_URL, else the machine's Redis. */
  redisUrl?: string;
  /** Default 2. */
  nodes?: number;
  /** Extra environment for every node (LOG_LEVEL is 'warn' unless given). */
  env?: Record<string, string>;
}

export type TestCluster = Awaited<ReturnType<typeof startTestCluster>>;

/** Starts the nodes (node 1 first) and opens the database and chain they use. */
export async function startTestCluster(settings: TestClusterOptions) {
  const database: ThrowawayDatabase = await createThrowawayDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), `pong-${settings.name}-test-`));
  const basePort = await findFreePortRange((settings.nodes ?? 2) + 1);
  const options: ClusterOptions = {
    nodes: settings.nodes ?? 2,
    basePort,
    dataDir,
    databaseUrl: database.url,
    redisUrl: settings.redisUrl ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisKeyPrefix: `pong-${settings.name}-test-${process.pid}-${basePort}`,
    env: { LOG_LEVEL: 'warn', ...settings.env },
  };
  const origin = publicOriginOf(options);
  const nodes: ClusterNode[] = [];
  const players: TestPlayer[] = [];
  let opened: OpenedDatabase | undefined;

  const stop = async () => {
    for (const player of players) player.close();
    await stopClusterNodes(nodes);
    await opened?.close();
    await database.drop();
    // A Redis that is gone (a test stopped it) has nothing left to clean.
    await deleteRedisKeys(options.redisUrl, options.redisKeyPrefix).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  };

  let chain: RealTimeChain;
  let house: string;
  try {
    nodes.push(...(await startClusterNodes(options)));
    opened = await openDatabase({ databaseUrl: database.url, dataDir });
    chain = realTimeChain(nodes[0]!.url);
    const config = await fetch(`${nodes[0]!.url}/api/wallet-config`);
    house = ((await config.json()) as { houseWallet: string }).houseWallet;
  } catch (error) {
    await stop();
    throw error;
  }
  const { db } = opened;

  /** Node `index` (1-based) as it runs now (a restarted node is the new process). */
  const node = (index: number): ClusterNode => {
    const found = nodes[index - 1];
    if (!found) throw new Error(`the cluster has no node ${index}`);
    return found;
  };

  /**
   * Starts node `index` again on its port and data folder once its process has exited (killed or stopped by
   * the test), with `env` added to the cluster's; `node(index)` is the new process from then on.
   */
  const restartNode = async (index: number, env: Record<string, string> = {}): Promise<ClusterNode> => {
    const ended = await Promise.race([node(index).exited.then(() => true), sleep(0).then(() => false)]);
    if (!ended) throw new Error(`node ${index} is still running: stop it before starting it again`);
    const restarted = await startClusterNode({ ...options, env: { ...options.env, ...env } }, index);
    nodes[index - 1] = restarted;
    return restarted;
  };

  /** A funded wallet signed in and connected straight to `on` (with the proxy's origin, as a browser). */
  const connectedPlayer = async (on: ClusterNode): Promise<{ player: TestPlayer; wallet: KeyPairSigner }> => {
    const wallet = await generateKeyPairSigner();
    await chain.airdrop(wallet.address, PLAYER_FUNDS);
    const signedIn = await signIn(on.url, wallet, { headers: { origin } });
    const player = await connectPlayer(on.url, { signedIn, origin });
    players.push(player);
    return { player, wallet };
  };

  /** A connected player who has paid `mode`'s wager to the house; `paidBalance` is its balance after paying. */
  const paidPlayer = async (on: ClusterNode, mode: GameMode) => {
    const { player, wallet } = await connectedPlayer(on);
    const paymentSignature = await chain.transfer(wallet, house, mode.wagerLamports);
    return { player, wallet, paymentSignature, paidBalance: await chain.balance(wallet.address) };
  };

  return {
    options,
    origin,
    chain,
    house,
    nodes,
    node,
    restartNode,
    stop,
    connectedPlayer,
    paidPlayer,

    /** Another socket of a player's signed-in session, on `on` (a move to the node of its match). */
    async reconnectedPlayer(on: ClusterNode, player: TestPlayer): Promise<TestPlayer> {
      const moved = await connectPlayer(on.url, {
        signedIn: { wallet: player.wallet, cookie: player.cookie },
        origin,
      });
      players.push(moved);
      return moved;
    },

    async gameSession(gameId: string) {
      const [row] = await db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
      return row;
    },

    async searchOf(wallet: string) {
      return db.select().from(queueSessions).where(eq(queueSessions.walletAddress, wallet));
    },

    async refundJobs(wallets: string[]) {
      return db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.kind, 'refund'), inArray(payoutJobs.walletAddress, wallets)));
    },

    async payoutJobsOfGame(gameId: string) {
      return db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
    },

    async allPayoutJobs() {
      return db.select().from(payoutJobs);
    },

    async lostNodeEvents() {
      return db
        .select()
        .from(systemEvents)
        .where(eq(systemEvents.eventType, 'game_node_lost'))
        .orderBy(asc(systemEvents.createdAt));
    },

    /** `npm run reconcile` against node 1's chain and the shared database: the exit code and what it printed. */
    async reconcile(): Promise<{ code: number; report: string }> {
      const genesis = JSON.parse(
        await readFile(path.join(dataDir, 'node-1', 'chain', 'genesis.json'), 'utf8'),
      ) as { faucetAddress: string };
      const lines: string[] = [];
      const code = await runReconcileCli(
        ['--rpc-url', `${node(1).url}/rpc`, '--funding-address', genesis.faucetAddress],
        {
          DATABASE_URL: database.url,
          HOUSE_WALLET_KEYPAIR: houseKeypairFile(dataDir),
          DATA_DIR: path.join(dataDir, 'reconcile'),
        },
        { out: (line) => lines.push(line), err: (line) => lines.push(line) },
      );
      return { code, report: lines.join('\n') };
    },
  };
}
