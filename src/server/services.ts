import { mkdir } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../common/clock.ts';
import { CLOSE_CODES } from '../common/protocol-texts.ts';
import { bootstrapAdmins } from './admin/admin-bootstrap.ts';
import { walletAnalytics } from './admin/analytics/refresh-wallet-analytics.ts';
import type { AdminServices } from './admin/overview/admin-services.ts';
import { chainBalanceOf } from './admin/overview/admin-services.ts';
import { liveStatsOf } from './admin/overview/live-stats.ts';
import { riskFlagsOf } from './admin/queries/flag-actions.ts';
import { createChainRpc } from './chain/chain-rpc.ts';
import type { RpcRouteOptions } from './chain/local-rpc/rpc-route.ts';
import { type ChainPort, openChain } from './chain/open-chain.ts';
import { resolveNodeId } from './cluster/node-id.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { createEntryGate } from './entry-gate.ts';
import { createGameServer, type GameServer } from './game/game-server.ts';
import { startMatchRunner } from './game/match/match-runner.ts';
import { createDrizzleGameStore } from './game/store/drizzle-game-store.ts';
import type { Topology } from './game/topology.ts';
import { createRefusalCounter } from './gateway/channel-refusals.ts';
import { type GameHandlers, gameChannelOver } from './gateway/game-channel.ts';
import { CHANNEL_LIMITS, type ChannelLimits } from './gateway/limits.ts';
import { createPresence, type Presence } from './gateway/presence.ts';
import { type GameWiring, gameHandlers, nodeActs } from './gateway/wire-game.ts';
import type { PlayerAuthOptions } from './http/auth/register-player-auth.ts';
import type { RouteLimits } from './http/route-limits.ts';
import type { MovementNotice } from './ledger/money-notice.ts';
import { createPaymentSweeper, type PaymentSweeperOptions } from './ledger/payout/payment-sweeper.ts';
import { type MoneyWiring, wireMoney } from './ledger/wire-money.ts';
import { logTo } from './logger.ts';
import { createServerMetrics, type ServerMetrics } from './metrics/server-metrics.ts';
import { perIpLimitsScaledBy } from './per-ip-limit-factor.ts';
import type { RankingsChanges } from './rankings/rankings-changes.ts';
import { createRiskWatch, type RiskWatch } from './risk/risk-watch.ts';
import { createBans } from './security/bans.ts';
import type { LoginThrottle } from './security/login-throttle.ts';
import { createPlayerSessions } from './security/player-sessions.ts';
import { type TrackingWiring, wireTracking } from './tracking/wire-tracking.ts';

/**
 * A node's topology as the server uses it: the game's port, where admin login attempts are counted (in
 * memory alone, in Redis for every node together: chosen with the topology), and (several nodes) the
 * rankings' visibility changes told to every node.
 */
export type ServerTopology = Topology<MovementNotice> & {
  loginAttempts: LoginThrottle;
  rankingsChanges?: RankingsChanges;
};

export interface ServiceOptions {
  /** The configuration as served: its port is the one listened on (never 0). */
  config: Config;
  clock?: Clock;
  /** Where the services log (the HTTP server's logger, so one stream carries both). */
  logger: FastifyBaseLogger;
  /** Where this node stands among others: one process alone, or one node of several (chosen once, in main.ts). */
  topology(core: { db: Database; clock: Clock; nodeId: string }): ServerTopology | Promise<ServerTopology>;
  /** Tests only: reach the chain through this URL (a fault-injecting proxy) instead of the configured one. */
  rpcUrl?: () => string;
  /** Tests only: run no payout worker (a test drives its own). */
  noPayoutWorker?: boolean;
  /**
   * Tests only: run no match runner; the test steps every tick itself (`game.tick()` with a fake clock), so
   * no timer of the runner's ticks the matches between its steps.
   */
  manualTicks?: boolean;
  /** Tests only: how often the payment sweeper runs (real time) and its chain pass (on `clock`). */
  paymentSweeper?: Pick<PaymentSweeperOptions, 'intervalMs' | 'chainIntervalMs'>;
  /** Tests and benchmarks only: other limits than production's. */
  limits?: {
    signIn?: PlayerAuthOptions['rateLimits'];
    channel?: Partial<ChannelLimits>;
    rpc?: Omit<RpcRouteOptions, 'internalToken'>;
    /** The player routes' own per-address limits (http/route-limits.ts). */
    routes?: Partial<RouteLimits>;
  };
  /** Where one-time notices (the embedded default admin's password) are printed; console.warn by default. */
  print?: (text: string) => void;
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

/**
 * The composition root's first half: config → database → topology → chain → every service, each made once
 * with what it needs, none bound later. The HTTP routes and the game channel are then registered on them
 * (main.ts), and `start` sets them running once the server listens.
 */
export async function buildServices(options: ServiceOptions) {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  await mkdir(config.dataDir, { recursive: true });
  const limits = options.limits ?? perIpLimitsScaledBy(config.perIpLimitFactor);
  const channelLimits: ChannelLimits = { ...CHANNEL_LIMITS, ...limits?.channel };
  const logIn = (area: string) => logTo(logger, area);

  const nodeId = resolveNodeId({ configured: config.nodeId, cluster: config.cluster !== null });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    openedBy: `the game server (node ${nodeId})`,
  });
  const db = database.db;
  let chain: ChainPort | undefined;
  let topology: ServerTopology | undefined;
  try {
    topology = await options.topology({ db, clock, nodeId });
    chain = await openChain({ config, clock, rpcLimits: limits?.rpc, log: logIn('local chain') });
    await bootstrapAdmins({
      db,
      clock,
      admin: config.admin,
      embedded: !config.databaseUrl,
      print: options.print ?? ((text) => console.warn(text)),
    });
    const { ownRpcUrl } = chain;
    const rpc = createChainRpc(options.rpcUrl ?? (() => ownRpcUrl), chain.internalRpcHeaders);
    const bans = createBans({ db, clock });
    const { bus } = topology;
    const money: MoneyWiring = wireMoney({
      db,
      analytics: walletAnalytics,
      rpc,
      clock,
      house: chain.houseWallet,
      notify: bus.notify,
      log: logIn('money'),
      nodeId,
    });
    const tracking: TrackingWiring = wireTracking({
      config,
      db,
      clock,
      rpc,
      houseWallet: chain.houseWallet.address,
      log: logIn('tracking'),
    });
    const matchmaker = topology.matchmaker;
    const presence: Presence = createPresence({
      intervalMs: channelLimits.presenceBroadcastMs,
      queueLengths: () => matchmaker.lengths(),
      playersElsewhere: topology.elsewhere.players,
    });
    const gameLog = logTo(logger);
    const risk: RiskWatch = createRiskWatch({
      db,
      clock,
      flagThreshold: config.riskFlagThreshold,
      log: logIn('risk'),
      flags: riskFlagsOf({ db, clock }),
      analytics: walletAnalytics,
    });
    const game: GameServer = createGameServer({
      store: createDrizzleGameStore({ db, clock }),
      entryGate: createEntryGate({ db, bans, jurisdiction: tracking.jurisdiction }),
      clock,
      analytics: walletAnalytics,
      topology,
      verifier: tracking.withFailureEvents(money.verifier),
      money: money.money,
      challengeExpiryMinutes: config.challengeExpiryMinutes,
      onMatchStarted: tracking.tracker.gameStarted,
      onResultRecorded: risk.matchRecorded,
      onQueueChange: () => presence.changed(),
      recheckProtectionEverywhere: bus.protectionChanged,
      playersOnline: () => presence.playersOnline(),
      log: gameLog,
    });
    const metrics: ServerMetrics = createServerMetrics({ liveMatches: () => game.matches().length });
    const handlers: GameHandlers = gameHandlers(game, metrics);
    const refusals = createRefusalCounter();
    /** The game channel as the services see it; its sockets' route is registered on these (main.ts). */
    const wiring: GameWiring = { game, channel: gameChannelOver(presence, refusals) };
    const playerSessions = createPlayerSessions({ db, clock });
    const acts = nodeActs({ game, bans, presence, log: gameLog });
    // A ban acts on every node (through the bus), this one included.
    bans.onChange(bus.banChanged);
    await game.recoverAfterRestart(topology.startupScope);
    // Every node sweeps: player payments nothing claims are refunded in full (ARCHITECTURE invariant 10).
    const sweeper = createPaymentSweeper({
      db,
      clock,
      rpc,
      houseWallet: chain.houseWallet.address,
      fundingAddresses: [...config.houseFundingAddresses, ...chain.fundingAddresses],
      log: logIn('payment sweeper'),
      ...config.paymentSweep,
      ...options.paymentSweeper,
    });
    const openedChain = chain;
    const openedTopology = topology;
    const admin: AdminServices = {
      bans,
      live: () => liveStatsOf({ game, channel: { presence } }, openedTopology.elsewhere.matches),
      house: {
        address: chain.houseWallet.address,
        floorLamports: config.houseBalanceFloorLamports,
        balance: chainBalanceOf(rpc, chain.houseWallet.address),
      },
    };
    /** What `start` set running, stopped first by `stop`. */
    const running: Array<() => void> = [];
    let stopStep = 'not stopping';

    return {
      config,
      clock,
      nodeId,
      db,
      chain: openedChain,
      rpc,
      bans,
      topology: openedTopology,
      money,
      tracking,
      risk,
      metrics,
      presence,
      game,
      handlers,
      refusals,
      wiring,
      playerSessions,
      admin,
      limits,
      channelLimits,

      /** The topology starts driving the node (its loops, hand-offs, bus and watch). */
      join: () => openedTopology.start({ game, playersHere: () => presence.playersHere(), acts }),

      /** Once listening: the match runner, metrics, payout worker, payment sweeper and tracking run. */
      async start(): Promise<void> {
        if (!options.manualTicks)
          running.push(
            startMatchRunner({ clock, tick: () => game.tick(), observer: metrics.ticks, log: gameLog }),
          );
        running.push(metrics.start());
        if (!options.noPayoutWorker) money.worker.start();
        sweeper.start();
        await tracking.start();
      },

      /**
       * Stops in order: live matches play to their end (a rolling stop), then no new game work, the game
       * settled, the players' sockets closed, the node leaves its topology, the workers stop, the HTTP server
       * (`closeHttp`), then the chain and the database.
       */
      async stop(closeHttp: () => Promise<void>): Promise<void> {
        const step = async (name: string, work: () => unknown): Promise<void> => {
          stopStep = name;
          await work();
        };
        await step('live matches playing to their end', () => openedTopology.drain());
        // No new game work from here: a findMatch is refused (its fee refunded), so nothing opens a search
        // after the settlement below, while the sockets are still open.
        game.stopTaking();
        for (const stop of running.splice(0)) stop();
        await step('the topology going quiet', () => openedTopology.quiesce());
        await step('the game settling its searches and matches', () => game.shutdown());
        // The game is settled: the players' sockets close now, so no frame of theirs starts new work, and the
        // refunds of searches refused during the stop finish while the chain and the database are here.
        for (const c of presence.all()) c.close(CLOSE_CODES.serverShutdown, 'Server shutting down');
        await step('refunds of searches refused during the stop', () => game.idle());
        await step('the risk pass under way', () => risk.stop());
        // Its own matches are settled: only now does it leave the live set.
        await step('the node leaving its topology', () => openedTopology.stop());
        await step('the payment sweeper’s run under way', () => sweeper.stop());
        await step('the payout worker’s run under way', () => money.worker.stop());
        await step('the HTTP server closing its connections', closeHttp);
        await step('tracking stopping', () => tracking.stop());
        await step('the chain closing', () => openedChain.close());
        await step('the database closing', () => database.close());
        stopStep = 'stopped';
      },

      /**
       * Which step of `stop` is under way ('not stopping' before it, 'stopped' after): named in the message of
       * a stop that takes too long, so whoever reads it knows what the process was waiting on.
       */
      stopStep: () => stopStep,

      /** After a failed start: what was opened is closed. */
      async abandon(): Promise<void> {
        await openedTopology.stop().catch(() => {});
        await openedChain.close().catch(() => {});
        await database.close().catch(() => {});
      },
    };
  } catch (error) {
    await topology?.stop().catch(() => {});
    await chain?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
