import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { ChainRpc } from '../chain/chain-rpc.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EntryVerifier } from '../game/game-ports.ts';
import type { Connection } from '../gateway/connection.ts';
import type { Logger } from '../logger.ts';
import { createRepeatedEvents } from '../operations-log/repeated-events.ts';
import { openCountryLookup } from './country-lookup.ts';
import { createHouseBalanceWatch, type HouseBalanceWatch } from './house-balance-watch.ts';
import { registerRequestTracking, type SessionWalletLookup } from './request-tracking.ts';
import { createJurisdictionGate, type JurisdictionGate } from './restricted-jurisdictions.ts';
import { recordServerLifecycle } from './server-lifecycle-events.ts';
import { createSignInRecorder } from './sign-in-record.ts';
import { createTracker, type Tracker } from './tracker.ts';
import { withVerificationFailureEvents } from './verification-failure-events.ts';

const BALANCE_RPC_TIMEOUT_MS = 10_000;

export interface TrackingWiring {
  tracker: Tracker;
  jurisdiction: JurisdictionGate;
  houseBalance: HouseBalanceWatch;
  /** For registerPlayerAuth's onSignedIn: the sign-in's IP, wallet and terms acceptance. */
  recordSignIn: ReturnType<typeof createSignInRecorder>;
  /** For the game channel: every signed-in socket counts for its address and wallet. */
  socketOpened(connection: Connection): void;
  /** The entry verifier, recording each refused payment as a system event. */
  withFailureEvents(verifier: EntryVerifier): EntryVerifier;
  /** Counts signed-in requests to the player API (call on the root instance). */
  trackRequests(app: FastifyInstance, sessions: SessionWalletLookup): void;
  /** Once listening: the server-started event, the periodic writes and the house balance watch. */
  start(): Promise<void>;
  /** Stops the timers, writes what is pending and records the stop; before the database closes. */
  stop(): Promise<void>;
}

/** IP tracking, restricted jurisdictions and the operational system events, built once at start. */
export function wireTracking(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  rpc: ChainRpc;
  houseWallet: string;
  log: Logger;
}): TrackingWiring {
  const { db, clock, log } = deps;
  const { countryOf } = openCountryLookup();
  const tracker = createTracker({ db, clock, countryOf, log });
  // The refusals a stranger can repeat, counted into one event per wallet and window (RELIABILITY 39).
  const refusalEvents = createRepeatedEvents({ db, clock });
  const jurisdiction = createJurisdictionGate({
    events: refusalEvents,
    restrictedCountries: deps.config.restrictedCountries,
    countryOf,
    log,
  });
  const houseBalance = createHouseBalanceWatch({
    db,
    houseWallet: deps.houseWallet,
    floorLamports: deps.config.houseBalanceFloorLamports,
    checkEveryMs: deps.config.houseBalanceCheckMs,
    balance: async () => {
      const { value } = await deps.rpc
        .getBalance(deps.houseWallet as Parameters<ChainRpc['getBalance']>[0], { commitment: 'confirmed' })
        .send({ abortSignal: AbortSignal.timeout(BALANCE_RPC_TIMEOUT_MS) });
      return value;
    },
    log,
  });
  const stops: Array<() => void> = [];

  return {
    tracker,
    jurisdiction,
    houseBalance,
    recordSignIn: createSignInRecorder({ db, clock, tracker }),
    socketOpened(connection) {
      if (connection.walletAddress) tracker.socketOpened(connection.ip, connection.walletAddress);
    },
    withFailureEvents: (verifier) => withVerificationFailureEvents(verifier, { events: refusalEvents, log }),
    trackRequests: (app, sessions) => registerRequestTracking(app, { sessions, tracker }),
    async start() {
      await recordServerLifecycle(db, 'started', { houseWallet: deps.houseWallet }, log);
      stops.push(tracker.start(), houseBalance.start());
    },
    async stop() {
      for (const stop of stops.splice(0)) stop();
      await tracker.flush();
      await recordServerLifecycle(db, 'stopped', {}, log);
    },
  };
}
