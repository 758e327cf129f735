import { and, desc, inArray, sql } from 'drizzle-orm';
import { lamportsToSolString } from '../../common/format.ts';
import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { recordSystemEvent } from '../operations-log/system-events.ts';

export const HOUSE_BALANCE_CHECK_MS = 60_000;
export const HOUSE_BALANCE_EVENTS = { low: 'house_balance_low', restored: 'house_balance_restored' } as const;

export interface HouseBalanceWatch {
  /** Reads the balance once; records an event when it has crossed the floor since the last reading. */
  check(): Promise<'low' | 'restored' | null>;
  /** Checks now and then every `checkEveryMs` (HOUSE_BALANCE_CHECK_MS by default); returns the stop function. */
  start(): () => void;
}

/**
 * The house wallet's balance against HOUSE_BALANCE_FLOOR_SOL. An event is recorded once
 * per crossing, not at every check: a critical one when the balance falls below the floor (also when it is
 * already below and no low event stands), and one when it is back at or above it. Whether it crossed is read
 * from the events already recorded, under a lock, so several game nodes watching one house wallet,
 * or a restart, still record each crossing once. A balance that cannot be read changes nothing and is only
 * logged: the payout worker already records what a short house wallet costs.
 */
export function createHouseBalanceWatch(deps: {
  db: Database;
  houseWallet: string;
  floorLamports: bigint;
  /** HOUSE_BALANCE_CHECK_SECONDS; HOUSE_BALANCE_CHECK_MS when absent. */
  checkEveryMs?: number;
  balance: () => Promise<bigint>;
  log: Logger;
}): HouseBalanceWatch {
  let checking: Promise<'low' | 'restored' | null> | null = null;
  /** Once stopped (the server is closing, its own /rpc with it), a reading still in flight says nothing. */
  let stopped = false;

  /** Records the crossing if the events say it has not been recorded yet; which one, or null. */
  const recordCrossing = (nowBelow: boolean, balance: bigint) =>
    deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`house_balance:${deps.houseWallet}`}, 0))`,
      );
      const [last] = await tx
        .select({ eventType: systemEvents.eventType })
        .from(systemEvents)
        .where(
          and(
            inArray(systemEvents.eventType, [HOUSE_BALANCE_EVENTS.low, HOUSE_BALANCE_EVENTS.restored]),
            sql`${systemEvents.details}->>'houseWallet' = ${deps.houseWallet}`,
          ),
        )
        .orderBy(desc(systemEvents.createdAt))
        .limit(1);
      const wasBelow = last?.eventType === HOUSE_BALANCE_EVENTS.low;
      if (nowBelow === wasBelow) return null;
      const sol = lamportsToSolString(balance);
      const floor = lamportsToSolString(deps.floorLamports);
      const details = {
        houseWallet: deps.houseWallet,
        balanceLamports: balance.toString(),
        floorLamports: deps.floorLamports.toString(),
      };
      await recordSystemEvent(
        tx,
        nowBelow
          ? {
              severity: 'critical',
              eventType: HOUSE_BALANCE_EVENTS.low,
              message: `The house wallet ${deps.houseWallet} holds ${sol} SOL, below the floor of ${floor} SOL: fund it before payouts wait.`,
              details,
            }
          : {
              severity: 'other',
              eventType: HOUSE_BALANCE_EVENTS.restored,
              message: `The house wallet ${deps.houseWallet} holds ${sol} SOL again, at or above the floor of ${floor} SOL.`,
              details,
            },
      );
      return nowBelow ? ('low' as const) : ('restored' as const);
    });

  const readAndCompare = async (): Promise<'low' | 'restored' | null> => {
    let balance: bigint;
    try {
      balance = await deps.balance();
    } catch (error) {
      if (!stopped) deps.log('house balance check: the balance could not be read', error);
      return null;
    }
    if (stopped) return null;
    try {
      return await recordCrossing(balance < deps.floorLamports, balance);
    } catch (error) {
      // Not recorded: the crossing is tried again at the next check.
      deps.log('house balance check: recording the event failed', error);
      return null;
    }
  };

  const check = () => {
    // One reading at a time: a slow RPC must not let two checks record one crossing twice.
    checking ??= readAndCompare().finally(() => {
      checking = null;
    });
    return checking;
  };

  return {
    check,
    start() {
      void check();
      const timer = setInterval(() => void check(), deps.checkEveryMs ?? HOUSE_BALANCE_CHECK_MS);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
