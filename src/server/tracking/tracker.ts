import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { addIp, addPair, batchSize, emptyBatch, mergeInto, type TrackingBatch } from './tracking-batch.ts';
import { writeTrackingBatch } from './tracking-writes.ts';

/** How often what was seen is written; and how many addresses and pairs make a batch worth writing at once. */
export const TRACKING_FLUSH_MS = 1_000;
export const TRACKING_BATCH_ROWS = 500;
/** Past this many rows waiting (the database is down), new sightings are dropped and counted, not kept. */
export const TRACKING_MAX_PENDING_ROWS = 50_000;

/**
 * IP and wallet–IP tracking. The hot paths (a socket opening, a signed-in request, a
 * match starting) only add to an in-memory batch; a timer writes it with upserts every TRACKING_FLUSH_MS,
 * so no player ever waits on these writes. A failed write is logged and its batch kept for the next one.
 */
export interface Tracker {
  /** A /ws connection of a signed-in wallet opened from `ip`. */
  socketOpened(ip: string | null, walletAddress: string): void;
  /**
   * A signed-in HTTP request (a sign-in too) came from `ip`. The wallet may still be being looked up: a
   * flush waits for lookups already started, so what a test did before it flushes is written.
   */
  requestSeen(ip: string | null, walletAddress: string | Promise<string | null>): void;
  /** A match started: each player's wallet played one more game from its address. */
  gameStarted(players: ReadonlyArray<{ walletAddress: string; ip: string | null }>): void;
  /** Writes everything seen so far (tests, and the last write at shutdown). */
  flush(): Promise<void>;
  /** Starts the periodic write; returns its stop function. */
  start(): () => void;
}

export interface TrackerDeps {
  db: Database;
  clock: Clock;
  countryOf: (ip: string) => string | null;
  log: Logger;
}

export function createTracker(deps: TrackerDeps): Tracker {
  let pending: TrackingBatch = emptyBatch();
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  const lookups = new Set<Promise<unknown>>();

  const room = () => {
    if (batchSize(pending) < TRACKING_MAX_PENDING_ROWS) return true;
    dropped++;
    return false;
  };

  const writeNext = async () => {
    if (batchSize(pending) === 0) return;
    const batch = pending;
    pending = emptyBatch();
    try {
      await writeTrackingBatch(deps.db, batch, deps.countryOf);
    } catch (error) {
      deps.log(`IP tracking: writing ${batchSize(batch)} rows failed; kept for the next write`, error);
      const arrived = pending;
      pending = batch;
      mergeInto(pending, arrived);
    }
    if (dropped > 0) {
      deps.log(`IP tracking: ${dropped} sightings dropped while the database was unreachable`);
      dropped = 0;
    }
  };

  /** Writes are one at a time, in order: two overlapping upserts of one row would only wait on each other. */
  const flush = () => {
    const waitFor = [...lookups];
    writing = writing
      .then(() => Promise.allSettled(waitFor))
      .then(writeNext)
      .catch((error: unknown) => deps.log('IP tracking: write failed', error));
    return writing;
  };
  const flushIfFull = () => {
    if (batchSize(pending) >= TRACKING_BATCH_ROWS) void flush();
  };

  const sight = (ip: string | null, walletAddress: string, kind: 'connection' | 'request') => {
    if (!ip || !room()) return;
    const at = deps.clock.now();
    const connection = kind === 'connection' ? 1 : 0;
    addIp(pending, {
      ipAddress: ip,
      connections: connection,
      requests: 1 - connection,
      firstAt: at,
      lastAt: at,
    });
    addPair(pending, {
      walletAddress,
      ipAddress: ip,
      connections: 1,
      gamesPlayed: 0,
      firstAt: at,
      lastAt: at,
    });
    flushIfFull();
  };

  return {
    socketOpened: (ip, walletAddress) => sight(ip, walletAddress, 'connection'),
    requestSeen(ip, walletAddress) {
      if (typeof walletAddress === 'string') return sight(ip, walletAddress, 'request');
      const lookup = walletAddress.then(
        (wallet) => {
          if (wallet) sight(ip, wallet, 'request');
        },
        (error: unknown) => deps.log('IP tracking: session lookup failed', error),
      );
      lookups.add(lookup);
      void lookup.finally(() => lookups.delete(lookup));
    },
    gameStarted(players) {
      const at = deps.clock.now();
      for (const { walletAddress, ip } of players) {
        if (!ip || !room()) continue;
        addPair(pending, {
          walletAddress,
          ipAddress: ip,
          connections: 0,
          gamesPlayed: 1,
          firstAt: at,
          lastAt: at,
        });
      }
      flushIfFull();
    },
    flush,
    start() {
      const timer = setInterval(() => void flush(), TRACKING_FLUSH_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
