import type { Address } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import { UNUSED_ENTRY_GRACE_MS } from '../../../common/rules.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ReconcileRpc } from '../reconcile/reconcile-chain.ts';
import { type ChainSweepReport, createChainSweep } from './unclaimed-transfer-sweep.ts';
import { sweepUnusedEntryFees } from './unused-entry-sweep.ts';
import { startWorkerLoop, type WorkerLoop } from './worker-loop.ts';

/**
 * The sweeper of last resort (ARCHITECTURE invariant 10), run by every game node while it serves: whatever
 * path left a player's payment as none of a live entry, a played match, a refund or a cancel's kept share,
 * it is refunded in full, once, after the grace. Every minute the ledger pass (unused-entry-sweep.ts); every
 * 5 minutes, measured on the injected clock, the chain pass over the house wallet's incoming transfers
 * (unclaimed-transfer-sweep.ts). Both are safe with any number of nodes running them on one database.
 */

export const PAYMENT_SWEEP_GRACE_MS = UNUSED_ENTRY_GRACE_MS;
/** A stranded fee waits at most the grace plus this before its refund is owed. */
export const LEDGER_SWEEP_INTERVAL_MS = 60_000;
/** Each chain pass lists the house's new signatures and fetches those no ledger row names. */
export const CHAIN_SWEEP_INTERVAL_MS = 5 * 60_000;

export interface PaymentSweeperOptions {
  db: Database;
  clock: Clock;
  /** The chain pass reads the house's history through this; absent, only the ledger pass runs. */
  rpc?: ReconcileRpc;
  houseWallet: Address;
  /** Sources of the operator's top-ups: never refunded, never reported. */
  fundingAddresses: readonly string[];
  log: Logger;
  graceMs?: number;
  /** Pause between runs of the loop `start()` runs (real time). Default LEDGER_SWEEP_INTERVAL_MS. */
  intervalMs?: number;
  /** Least time on `clock` between two chain passes. Default CHAIN_SWEEP_INTERVAL_MS. */
  chainIntervalMs?: number;
  lookbackMs?: number;
}

export interface SweepRun {
  /** Unused entry fees refunded by the ledger pass. */
  ledgerRefunds: number;
  /** The chain pass's report, or null when it was not due (or has no chain). */
  chain: ChainSweepReport | null;
}

export interface PaymentSweeper {
  /** One ledger pass, and a chain pass when one is due; a pass that fails is logged and tried on the next run. */
  runOnce(): Promise<SweepRun>;
  /** Runs `runOnce` at once and then every `intervalMs` until `stop()`. */
  start(): void;
  /** Stops the loop and waits for the run in flight. */
  stop(): Promise<void>;
}

export function createPaymentSweeper(options: PaymentSweeperOptions): PaymentSweeper {
  const { db, clock, log } = options;
  const graceMs = options.graceMs ?? PAYMENT_SWEEP_GRACE_MS;
  const chainIntervalMs = options.chainIntervalMs ?? CHAIN_SWEEP_INTERVAL_MS;
  const stopping = new AbortController();
  const chainSweep = options.rpc
    ? createChainSweep({
        db,
        rpc: options.rpc,
        houseWallet: options.houseWallet,
        clock,
        fundingAddresses: options.fundingAddresses,
        graceMs,
        signal: stopping.signal,
        ...(options.lookbackMs !== undefined ? { lookbackMs: options.lookbackMs } : {}),
      })
    : undefined;
  let lastChainPass: number | undefined;
  let loop: WorkerLoop | undefined;
  let stopped = false;

  async function ledgerPass(): Promise<number> {
    const now = clock.now();
    try {
      // Due once its age reaches the grace.
      const refunded = await sweepUnusedEntryFees(db, { dueBy: new Date(now - graceMs), at: new Date(now) });
      if (refunded > 0) log(`${refunded} entry fee(s) nothing accounted for are being refunded in full`);
      return refunded;
    } catch (error) {
      log('the ledger pass of the payment sweeper failed; it runs again next time', error);
      return 0;
    }
  }

  async function chainPass(): Promise<ChainSweepReport | null> {
    const now = clock.now();
    if (!chainSweep || (lastChainPass !== undefined && now - lastChainPass < chainIntervalMs)) return null;
    try {
      const report = await chainSweep.runOnce();
      lastChainPass = now;
      if (report.refunded > 0 || report.reported > 0) {
        log(
          `house history: ${report.refunded} unclaimed player payment(s) being refunded, ${report.reported} transfer(s) from unknown wallets reported`,
        );
      }
      return report;
    } catch (error) {
      log('the chain pass of the payment sweeper failed; it runs again next time', error);
      return null;
    }
  }

  const runOnce = async (): Promise<SweepRun> => ({
    ledgerRefunds: await ledgerPass(),
    chain: await chainPass(),
  });

  return {
    runOnce,
    start() {
      if (loop || stopped) return;
      loop = startWorkerLoop({
        run: runOnce,
        intervalMs: options.intervalMs ?? LEDGER_SWEEP_INTERVAL_MS,
        log,
      });
    },
    async stop() {
      stopped = true;
      // A chain pass waiting on a slow RPC gives up now rather than hold the shutdown up.
      stopping.abort();
      await loop?.stop();
    },
  };
}
