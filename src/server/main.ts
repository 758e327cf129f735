import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from '../common/clock.ts';
import { CLOSE_CODES } from '../common/protocol-texts.ts';
import { bootstrapAdmins } from './admin/admin-bootstrap.ts';
import { ADMIN_ROUTE_MODULES } from './admin/admin-route-modules.ts';
import { createRedisLoginThrottle } from './admin/login-throttle-redis.ts';
import { chainBalanceOf, NO_LIVE_STATS } from './admin/overview/admin-services.ts';
import { liveStatsOf } from './admin/overview/live-stats.ts';
import { createChainRpc } from './chain/chain-rpc.ts';
import type { RpcRouteOptions } from './chain/local-rpc/rpc-route.ts';
import { openChain } from './chain/open-chain.ts';
import { type ClusterBroadcasts, wireClusterBroadcasts } from './cluster/cluster-broadcasts.ts';
import { wireClusterGame } from './cluster/cluster-game.ts';
import { type ClusterNode, startClusterNode } from './cluster/cluster-node.ts';
import { resolveNodeId } from './cluster/node-id.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { ownersOfOpenRows } from './game/restart-settlement.ts';
import type { ChannelLimits } from './gateway/limits.ts';
import { createNotifier, type Notify } from './gateway/notifications.ts';
import { type GameWiring, wireGame } from './gateway/wire-game.ts';
import { buildApp } from './http/app.ts';
import { type PlayerAuthOptions, registerPlayerAuth } from './http/auth/register-player-auth.ts';
import { signInChainIdFor } from './http/auth/sign-in-chain-id.ts';
import { registerBanStatusRoute } from './http/ban-status-route.ts';
import { registerHistoryRoute } from './http/history-route.ts';
import { createPaymentSweeper, type PaymentSweeperOptions } from './ledger/payment-sweeper.ts';
import { type MoneyWiring, wireMoney } from './ledger/wire-money.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import { createServerMetrics } from './metrics/server-metrics.ts';
import { packageRoot } from './package-root.ts';
import { type Bans, createBans } from './security/bans.ts';
import { perIpLimitsScaledBy } from './security/per-ip-limit-factor.ts';
import { type TrackingWiring, wireTracking } from './tracking/wire-tracking.ts';

export interface StartOptions {
  config: Config;
  clock?: Clock;
  /** Where the built client lives; defaults to dist/client in the package. */
  clientDir?: string;
  /** Tests only: reach the chain through this URL (a fault-injecting proxy) instead of the configured one. */
  rpcUrl?: () => string;
  /** Tests only: run no payout worker (a test drives its own). */
  noPayoutWorker?: boolean;
  /** Tests only: how often the payment sweeper runs (real time) and its chain pass (on `clock`). */
  paymentSweeper?: Pick<PaymentSweeperOptions, 'intervalMs' | 'chainIntervalMs'>;
  /** Tests and benchmarks only: other limits than production's. */
  limits?: {
    signIn?: PlayerAuthOptions['rateLimits'];
    channel?: Partial<ChannelLimits>;
    rpc?: Omit<RpcRouteOptions, 'internalToken'>;
  };
  /** Where one-time notices (the embedded default admin's password) are printed; console.warn by default. */
  print?: (text: string) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  houseWallet: string;
  db: Database;
  bans: Bans;
  money: MoneyWiring;
  game: GameWiring;
  /** IP tracking, restricted jurisdictions and operational system events (issue 10 point 5). */
  tracking: TrackingWiring;
  /** The name this process goes by (NODE_ID, or its default: cluster/node-id.ts). */
  nodeId: string;
  /** This game node among several (REDIS_URL set); null when the process runs alone. */
  cluster: ClusterNode | null;
  /** Stops accepting, finishes in-flight work, then closes the chain and the database. Safe to call twice. */
  close(): Promise<void>;
}

/** The composition root: config → database → chain → services → HTTP → listen. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  await mkdir(config.dataDir, { recursive: true });
  const limits = options.limits ?? perIpLimitsScaledBy(config.perIpLimitFactor);

  const nodeId = resolveNodeId({ configured: config.nodeId, cluster: config.cluster !== null });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let chain: Awaited<ReturnType<typeof openChain>> | undefined;
  let cluster: ClusterNode | null = null;
  try {
    if (config.cluster) {
      cluster = await startClusterNode({
        ...config.cluster,
        nodeId,
        clock,
        log: (message, error) => console.error(`cluster: ${message}`, error ?? ''),
      });
    }
    chain = await openChain({ config, clock, rpcLimits: limits?.rpc });
    const db = database.db;
    await bootstrapAdmins({
      db,
      clock,
      admin: config.admin,
      embedded: !config.databaseUrl,
      print: options.print ?? ((text) => console.warn(text)),
    });
    const bans = createBans({ db, clock });
    let game: GameWiring | undefined;
    const metrics = createServerMetrics({ liveMatches: () => game?.game.matches().length ?? 0 });
    // The server reaches the chain over HTTP even when it serves the chain itself (known once listening).
    let ownRpcUrl = config.chain.kind === 'remote' ? config.chain.rpcUrl : '';
    const rpc = createChainRpc(options.rpcUrl ?? (() => ownRpcUrl), chain.internalRpcHeaders);
    let notify: Notify = () => {};
    let broadcasts: ClusterBroadcasts | undefined;
    const clusterLog = (message: string, error?: unknown) =>
      console.error(`cluster: ${message}`, error ?? '');
    const clusterGame = cluster ? wireClusterGame({ node: cluster, db, clock, log: clusterLog }) : null;
    const money = wireMoney({
      db,
      rpc,
      clock,
      house: chain.houseWallet,
      notify: (notice) => notify(notice),
      log: (message, error) => console.error(`money: ${message}`, error ?? ''),
      nodeId,
    });
    const tracking = wireTracking({
      config,
      db,
      clock,
      rpc,
      houseWallet: chain.houseWallet.address,
      log: (message, error) => console.error(`tracking: ${message}`, error ?? ''),
    });
    const app = await buildApp({
      config,
      houseWallet: chain.houseWallet.address,
      clientDir: options.clientDir ?? path.join(packageRoot(), 'dist/client'),
      admin: {
        db,
        clock,
        routes: ADMIN_ROUTE_MODULES,
        // Several nodes count login attempts together, or an address would get 5 tries per node.
        ...(cluster
          ? { throttle: createRedisLoginThrottle({ redis: cluster.redis, keys: cluster.keys, clock }) }
          : {}),
        services: {
          bans,
          live: () => (game ? liveStatsOf(game, clusterGame?.matchesElsewhere) : NO_LIVE_STATS),
          house: {
            address: chain.houseWallet.address,
            floorLamports: config.houseBalanceFloorLamports,
            balance: chainBalanceOf(rpc, chain.houseWallet.address),
          },
        },
      },
      plugins: [
        async (app) => {
          const { playerSessions } = await registerPlayerAuth(app, {
            db,
            clock,
            chainId: signInChainIdFor(config.chain),
            allowedOrigins: config.allowedOrigins,
            publicOrigin: () => config.publicOrigin,
            ...(limits?.signIn ? { rateLimits: limits.signIn } : {}),
            onSignedIn: tracking.recordSignIn,
            refusal: async (walletAddress, ip) => (await bans.status(walletAddress, ip ?? null)).message,
            // The session's sockets close, on every node in cluster mode.
            onSignedOut: (ended) => (broadcasts ? broadcasts.signedOut(ended) : game?.actOnSignOut(ended)),
          });
          tracking.trackRequests(app, playerSessions);
          registerBanStatusRoute(app, bans, tracking.jurisdiction);
          registerHistoryRoute(app, { db, clock, playerSessions });
          game = await wireGame(app, {
            db,
            clock,
            bans,
            playerSessions,
            allowedOrigins: config.allowedOrigins,
            compression: config.wsCompression,
            game: {
              verifier: tracking.withFailureEvents(money.verifier),
              money: money.money,
              jurisdiction: tracking.jurisdiction,
              onMatchStarted: tracking.tracker.gameStarted,
              ...(clusterGame ? { cluster: clusterGame.option } : {}),
            },
            onSocketOpen: tracking.socketOpened,
            ...(limits?.channel ? { limits: limits.channel } : {}),
            metrics,
            nodeId,
            ...(cluster && clusterGame
              ? {
                  recoverScope: cluster.startupScope,
                  broadcastBan: (change) => broadcasts?.banChanged(change),
                  playersElsewhere: clusterGame.playersElsewhere,
                }
              : {}),
          });
          const deliverNotice = createNotifier(game.channel);
          notify = deliverNotice;
          await clusterGame?.start(game.game, () => game?.channel.presence.playersHere() ?? 0);
          if (cluster) {
            broadcasts = await wireClusterBroadcasts({
              pubsub: cluster.pubsub,
              actOnBan: game.actOnBan,
              actOnSignOut: game.actOnSignOut,
              deliverNotice,
              log: clusterLog,
            });
            notify = broadcasts.notify;
          }
        },
        // After the game channel: /rpc's PubSub WebSocket reuses the @fastify/websocket it registers.
        chain.registerRoutes,
        (app) => registerMetricsRoute(app, { metrics, token: config.metricsToken }),
      ],
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    if (config.port === 0) {
      // A free port was picked: the default allowed origins are the ones it actually serves.
      config.allowedOrigins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
      if (config.publicOrigin === 'http://localhost:0') config.publicOrigin = `http://localhost:${port}`;
    }
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    if (config.chain.kind === 'local') ownRpcUrl = `http://127.0.0.1:${port}/rpc`;
    if (!game) throw new Error('the game channel was not registered');
    const stopRunner = game.startRunner();
    const stopMetrics = metrics.start();
    const gameRef = game;
    if (!options.noPayoutWorker) money.worker.start();
    // Every node sweeps: player payments nothing claims are refunded in full (ARCHITECTURE invariant 10).
    const sweeper = createPaymentSweeper({
      db,
      clock,
      rpc,
      houseWallet: chain.houseWallet.address,
      fundingAddresses: [
        ...config.houseFundingAddresses,
        ...(chain.kind === 'local' ? [chain.localChain.faucetAddress] : []),
      ],
      log: (message, error) => console.error(`payment sweeper: ${message}`, error ?? ''),
      ...config.paymentSweep,
      ...options.paymentSweeper,
    });
    sweeper.start();
    await tracking.start();
    cluster?.run({
      ownersOfOpenWork: () => ownersOfOpenRows(db),
      settle: async (nodeIds) => {
        await gameRef.game.settleLostNodes(nodeIds);
      },
    });
    const clusterRef = cluster;

    let closing: Promise<void> | undefined;
    const openChainRef = chain;
    return {
      app,
      url: `http://${shownHost}:${port}`,
      houseWallet: chain.houseWallet.address,
      db,
      bans,
      money,
      game,
      tracking,
      nodeId,
      cluster,
      close: () => {
        closing ??= (async () => {
          const drainMs = (config.cluster?.drainSeconds ?? 0) * 1000;
          // A rolling stop: the matches under way here play to their end first (cluster mode only).
          if (drainMs > 0) await gameRef.game.drain(clock.now() + drainMs);
          // No new game work from here: a findMatch is refused (its fee refunded), so nothing opens a search
          // after the settlement below, while the sockets are still open.
          gameRef.game.stopTaking();
          stopRunner();
          stopMetrics();
          await clusterGame?.stop();
          await gameRef.game.shutdown();
          // The game is settled: the players' sockets close now, so no frame of theirs starts new work, and the
          // refunds of searches refused during the stop finish while the chain and the database are here.
          for (const c of gameRef.channel.presence.all())
            c.close(CLOSE_CODES.serverShutdown, 'Server shutting down');
          await gameRef.game.idle();
          // Its own matches are settled: only now does it leave the live set.
          await broadcasts?.close();
          await clusterRef?.stop();
          await sweeper.stop();
          await money.worker.stop();
          await app.close();
          await tracking.stop();
          await openChainRef.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await cluster?.stop().catch(() => {});
    await chain?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Which chain this server moves money on, said loudly at start: a production deployment that forgot
 * SOLANA_RPC_URL must not look like one that has it. The RPC URL itself is never printed (it holds a key).
 */
export function chainBanner(config: Config, url: string): string {
  if (config.chain.kind === 'remote') {
    return `Chain: ${config.chain.cluster} through SOLANA_RPC_URL (browsers use PUBLIC_RPC_URL)`;
  }
  const rule = '!'.repeat(78);
  return [
    rule,
    `!!! Chain: LOCAL TEST CHAIN (embedded LiteSVM), served to anyone at ${url}/rpc with a faucet.`,
    '!!! Its SOL is not real money. For devnet or mainnet set SOLANA_RPC_URL, PUBLIC_RPC_URL and',
    '!!! HOUSE_WALLET_KEYPAIR; with NODE_ENV=production the local chain needs LOCAL_CHAIN=1.',
    rule,
  ].join('\n');
}

/** Entry point: read the environment, start, and shut down gracefully on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer({ config });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const drainSeconds = config.cluster?.drainSeconds ?? 0;
    console.warn(
      drainSeconds > 0
        ? `${signal} received: live matches play to their end (at most ${drainSeconds} s), then stopping`
        : `${signal} received: finishing in-flight work, then stopping`,
    );
    const force = setTimeout(
      () => {
        console.error(`shutdown took longer than ${drainSeconds + 15} s: exiting`);
        process.exit(1);
      },
      (drainSeconds + 15) * 1000,
    );
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Said only once the signal handlers are in place: whoever waits for this line may stop the server at once.
  console.warn(`Server listening at ${server.url} (house wallet ${server.houseWallet})`);
  console.warn(chainBanner(config, server.url));
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    console.error('Server failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
