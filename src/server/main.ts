import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ADMIN_ROUTE_MODULES } from './admin/admin-route-modules.ts';
import { totpKeyFromDataDir } from './admin/two-factor/totp-key.ts';
import { createTotpSecretBox } from './admin/two-factor/totp-secret-box.ts';
import { chainFaceOf } from './chain/chain-choice.ts';
import { openClusterTopology } from './cluster/cluster-topology.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { singleNodeTopology } from './game/single-node-topology.ts';
import { createDrizzleGameStore } from './game/store/drizzle-game-store.ts';
import { registerGameChannel } from './gateway/game-channel.ts';
import type { GameWiring } from './gateway/wire-game.ts';
import { buildApp, createFastify } from './http/app.ts';
import { registerPlayerAuth } from './http/auth/register-player-auth.ts';
import { signInChainIdFor } from './http/auth/sign-in-chain-id.ts';
import { registerBanStatusRoute } from './http/ban-status-route.ts';
import { registerActionPaymentRoute, registerChallengeActionRoutes } from './http/challenge-action-routes.ts';
import { registerChallengeRoute } from './http/challenge-route.ts';
import { registerHistoryRoute } from './http/history-route.ts';
import { registerPlayerLimitsRoutes } from './http/player-limits-routes.ts';
import { registerRankingsRoutes } from './http/rankings-routes.ts';
import { registerVerificationRoute } from './http/verification-route.ts';
import type { MoneyWiring } from './ledger/wire-money.ts';
import { createServerLogger, logTo } from './logger.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';
import { packageRoot } from './package-root.ts';
import type { Bans } from './security/bans.ts';
import { createLoginThrottle } from './security/login-throttle.ts';
import { buildServices, type ServerTopology, type ServiceOptions, type Services } from './services.ts';
import { keepServingThroughStrayErrors } from './stray-errors.ts';
import type { TrackingWiring } from './tracking/wire-tracking.ts';

export interface StartOptions extends Omit<ServiceOptions, 'logger' | 'topology'> {
  /** Where the built client lives; defaults to dist/client in the package. */
  clientDir?: string;
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
  /** IP tracking, restricted jurisdictions and operational system events. */
  tracking: TrackingWiring;
  /** The name this process goes by (NODE_ID, or its default: cluster/node-id.ts). */
  nodeId: string;
  /** Where this node stands: alone, or one game node of several (REDIS_URL set). */
  topology: ServerTopology;
  /** Stops accepting, finishes in-flight work, then closes the chain and the database. Safe to call twice. */
  close(): Promise<void>;
  /** The step of `close` under way, in words ('not stopping' before it): what a slow stop is waiting on. */
  stopStep(): string;
}

/**
 * The composition root: the port is known first, then every service is built (services.ts), then the HTTP
 * routes and the game channel are registered on them, then the server listens and the services run.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const held = await holdPort(options.config);
  const config = servedOn(options.config, held.port);
  const logger = createServerLogger(config.logLevel);
  const clusterLog = logTo(logger, 'cluster');
  const app = createFastify(config, logger);
  let services: Services | undefined;
  try {
    services = await buildServices({
      ...options,
      config,
      logger: app.log,
      // The topology, chosen once: one game node of several when REDIS_URL is set, else one process alone.
      // The login throttle comes with it: shared in Redis by every node, else in this process's memory.
      topology: ({ db, clock, nodeId }) =>
        config.cluster
          ? openClusterTopology({
              ...config.cluster,
              nodeId,
              store: createDrizzleGameStore({ db, clock }),
              clock,
              log: clusterLog,
            })
          : {
              ...singleNodeTopology({ store: createDrizzleGameStore({ db, clock }), clock, nodeId }),
              loginAttempts: createLoginThrottle(clock),
            },
    });
    await registerRoutes(app, services, options.clientDir);
    await services.join();
    await held.release();
    await app.listen({ port: config.port, host: config.host });
    await services.start();
    const built = services;
    let closing: Promise<void> | undefined;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      app,
      url: `http://${shownHost}:${config.port}`,
      houseWallet: built.chain.houseWallet.address,
      db: built.db,
      bans: built.bans,
      money: built.money,
      game: built.wiring,
      tracking: built.tracking,
      nodeId: built.nodeId,
      topology: built.topology,
      close: () => {
        closing ??= built.stop(() => app.close());
        return closing;
      },
      stopStep: built.stopStep,
    };
  } catch (error) {
    await services?.abandon();
    await held.release().catch(() => {});
    throw error;
  }
}

/** The HTTP routes and the game channel's socket route, registered on the built services. */
async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  clientDir: string | undefined,
): Promise<void> {
  const { config, clock, db, bans, tracking, topology, limits, playerSessions } = services;
  const routeLimits = limits?.routes;
  await buildApp({
    app,
    config,
    houseWallet: services.chain.houseWallet.address,
    clientDir: clientDir ?? path.join(packageRoot(), 'dist/client'),
    admin: {
      db,
      clock,
      routes: ADMIN_ROUTE_MODULES,
      // Several nodes count login attempts together, or an address would get 5 tries per node.
      throttle: topology.loginAttempts,
      services: services.admin,
      twoFactor: {
        requiredFor: config.twoFactor.roles,
        box: createTotpSecretBox(config.twoFactor.key ?? (await totpKeyFromDataDir(config.dataDir))),
      },
    },
    plugins: [
      (app) =>
        registerPlayerAuth(app, {
          db,
          clock,
          playerSessions,
          chainId: signInChainIdFor(config.chain),
          allowedOrigins: config.allowedOrigins,
          publicOrigin: () => config.publicOrigin,
          ...(limits?.signIn ? { rateLimits: limits.signIn } : {}),
          onSignedIn: tracking.recordSignIn,
          refusal: async (walletAddress, ip) => (await bans.status(walletAddress, ip ?? null)).message,
          // The session's sockets close, on every node.
          onSignedOut: topology.bus.signedOut,
        }),
      (app) => tracking.trackRequests(app, playerSessions),
      (app) => registerBanStatusRoute(app, bans, tracking.jurisdiction),
      (app) => registerHistoryRoute(app, { db, clock, playerSessions, limit: routeLimits?.history }),
      (app) =>
        registerVerificationRoute(app, { db, clock, playerSessions, limit: routeLimits?.verification }),
      (app) =>
        registerRankingsRoutes(app, {
          db,
          clock,
          playerSessions,
          limit: routeLimits?.rankings,
          // Several nodes: a player's choice empties every node's rankings cache at once.
          ...(topology.rankingsChanges ? { changes: topology.rankingsChanges } : {}),
        }),
      (app) =>
        registerPlayerLimitsRoutes(app, {
          db,
          clock,
          playerSessions,
          // What the change now refuses closes on whichever node holds it.
          protectionChanged: topology.bus.protectionChanged,
        }),
      (app) => registerChallengeRoute(app, { db, clock, limit: routeLimits?.challenge }),
      (app) =>
        registerChallengeActionRoutes(app, {
          db,
          clock,
          rpc: services.rpc,
          houseWallet: services.chain.houseWallet.address,
          publicOrigin: () => config.publicOrigin,
          limit: routeLimits?.challengeAction,
        }),
      (app) =>
        registerActionPaymentRoute(app, {
          db,
          clock,
          rpc: services.rpc,
          houseWallet: services.chain.houseWallet.address,
          playerSessions,
          limit: routeLimits?.actionPayment,
        }),
      (app) =>
        registerGameChannel(app, {
          clock,
          allowedOrigins: config.allowedOrigins,
          playerSessions,
          limits: services.channelLimits,
          ...(config.wsCompression ? { compression: true } : {}),
          onSocketOpen: tracking.socketOpened,
          // Each socket learns its node where several serve, so a client can tell whether its match is elsewhere.
          withNode: topology.withNode,
          handlers: services.handlers,
          presence: services.presence,
          refusals: services.refusals,
        }),
      // After the game channel: /rpc's PubSub WebSocket reuses the @fastify/websocket it registers.
      services.chain.registerRoutes,
      (app) => registerMetricsRoute(app, { metrics: services.metrics, token: config.metricsToken }),
    ],
  });
}

/**
 * The port to serve on, known before anything is built. PORT=0 (tests, a second local server) picks a free
 * port now and holds it while the services are built; it is let go just before the server listens on it.
 */
async function holdPort(config: Config): Promise<{ port: number; release(): Promise<void> }> {
  if (config.port !== 0) return { port: config.port, release: async () => {} };
  const holder = createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen({ port: 0, host: config.host }, resolve);
  });
  const address = holder.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let released: Promise<void> | undefined;
  return {
    port,
    release: () => {
      released ??= new Promise<void>((resolve) => holder.close(() => resolve()));
      return released;
    },
  };
}

/** The configuration as served on `port`: with PORT=0, the default origins are the ones actually served. */
function servedOn(config: Config, port: number): Config {
  if (config.port !== 0) return config;
  return {
    ...config,
    port,
    allowedOrigins: [...config.allowedOrigins, `http://localhost:${port}`, `http://127.0.0.1:${port}`],
    publicOrigin:
      config.publicOrigin === 'http://localhost:0' ? `http://localhost:${port}` : config.publicOrigin,
  };
}

/** Which chain this server moves money on, said loudly at start (chain-choice.ts words it for each chain). */
export function chainBanner(config: Config, url: string): string {
  return chainFaceOf(config.chain).banner(url);
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
  // Once serving: a stray error is logged and the node serves on (stray-errors.ts says why); one during
  // start-up still ends the process, as a start that failed should.
  keepServingThroughStrayErrors(server.app.log);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const drainSeconds = server.topology.drainMs / 1000;
    console.warn(
      drainSeconds > 0
        ? `${signal} received: live matches play to their end (at most ${drainSeconds} s), then stopping`
        : `${signal} received: finishing in-flight work, then stopping`,
    );
    const force = setTimeout(
      () => {
        console.error(
          `shutdown took longer than ${drainSeconds + 15} s, waiting on ${server.stopStep()}: exiting`,
        );
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
