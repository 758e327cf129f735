import type { KeyPairSigner } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';
import { type Logger, standaloneLog } from '../../logger.ts';
import type { PayoutStepDeps, PayoutWorkerHooks } from './payout-deps.ts';
import { type BackoffPolicy, type ConfirmedPayout, DEFAULT_BACKOFF, type HeldPayout } from './payout-job.ts';
import { releaseEarlierClaims } from './payout-reclaim.ts';
import { type PayoutRpc, send } from './payout-rpc.ts';
import { advanceJob } from './payout-step.ts';
import { claimNextJob } from './payout-store.ts';
import { startWorkerLoop, type WorkerLoop } from './worker-loop.ts';

export type { PayoutWorkerHooks } from './payout-deps.ts';

export interface PayoutWorkerOptions {
  db: Database;
  /** Told inside the transaction that confirms a payout or refund (the back-office's wallet analytics). */
  analytics: WalletAnalytics;
  rpc: PayoutRpc;
  houseWallet: KeyPairSigner;
  clock: Clock;
  /** Unique per worker instance (e.g. host:pid:random); it names the claims this worker holds. */
  workerId: string;
  /**
   * The node (one server process at a time: today the host name) this worker runs on; `workerId` must then
   * start with `<nodeId>:`. `start()` first takes back the claims of earlier processes of the same node,
   * which are dead since this one replaced them, so a payout cut off by a crash is re-sent
   * within seconds, with the same bytes. Two live server processes must never share a node id (give each
   * its own); claims of other nodes wait out `leaseMs`. Unset: nothing is taken back.
   */
  nodeId?: string;
  log?: Logger;
  /** Told after the ledger records a confirmed payout or refund (for `transaction_notification`). */
  onConfirmed?: (payout: ConfirmedPayout) => void | Promise<void>;
  /** Told once a newly signed transfer has been sent (before it is confirmed). */
  onSent?: (payout: ConfirmedPayout) => void | Promise<void>;
  /** Told once a winner payout is held for review because its wallet is banned (RELIABILITY 35). */
  onHeld?: (payout: HeldPayout) => void | Promise<void>;
  /** Pause between runs of the loop that `start()` runs. Default 1 s. */
  intervalMs?: number;
  /** A claim older than this may be taken over by another worker (its owner is presumed dead). Default 60 s. */
  leaseMs?: number;
  /** Each RPC call is abandoned after this long (and the job retried). Default 10 s. */
  rpcTimeoutMs?: number;
  /** How soon a sent transfer is looked up again (and re-sent while valid). Default 2 s. */
  pollMs?: number;
  backoff?: BackoffPolicy;
  /** Refusals by the chain (not for the house's funds) after which a job fails. Default 5. */
  maxRefusals?: number;
  /** Jobs advanced per run at most, so one run stays short. Default 20. */
  maxJobsPerRun?: number;
  /** Crash-test seams (RELIABILITY 10, 11); production passes none. */
  hooks?: PayoutWorkerHooks;
}

export interface PayoutWorker {
  /** Claims due jobs one at a time and advances each by one step; resolves to how many it touched. */
  runOnce(): Promise<number>;
  /** Runs `runOnce` in a loop until `stop()`, after taking back this node's earlier claims (`nodeId`). */
  start(): void;
  /** Stops the loop and waits for the job in flight. */
  stop(): Promise<void>;
}

/**
 * The payout and refund worker (every payout and refund happens exactly once, across crashes). Any number of instances,
 * in any number of processes, may run against one database: jobs are claimed with FOR UPDATE SKIP LOCKED
 * and a lease, never with process memory.
 */
export function createPayoutWorker(options: PayoutWorkerOptions): PayoutWorker {
  const { db, clock, workerId, nodeId } = options;
  if (nodeId !== undefined && !workerId.startsWith(`${nodeId}:`)) {
    throw new Error(`payout worker id ${JSON.stringify(workerId)} must start with its node id "${nodeId}:"`);
  }
  const leaseMs = options.leaseMs ?? 60_000;
  const maxJobsPerRun = options.maxJobsPerRun ?? 20;
  const rpcTimeoutMs = options.rpcTimeoutMs ?? 10_000;
  const log = options.log ?? standaloneLog(`payout worker ${workerId}`);
  let rentMinimum: bigint | undefined;

  const deps: PayoutStepDeps = {
    db,
    analytics: options.analytics,
    rpc: options.rpc,
    houseWallet: options.houseWallet,
    clock,
    rpcTimeoutMs,
    pollMs: options.pollMs ?? 2_000,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    maxRefusals: options.maxRefusals ?? 5,
    hooks: options.hooks ?? {},
    log,
    onConfirmed: options.onConfirmed,
    onSent: options.onSent,
    onHeld: options.onHeld,
    async rentExemptMinimum() {
      rentMinimum ??= await send(options.rpc.getMinimumBalanceForRentExemption(0n), rpcTimeoutMs);
      return rentMinimum;
    },
  };

  let stopping = false;
  let loop: WorkerLoop | undefined;
  let reclaimed = nodeId === undefined;

  /** Before the first run of the loop; a failure (database down) is logged and tried again next run. */
  async function reclaimOnce(): Promise<void> {
    if (reclaimed || nodeId === undefined) return;
    const released = await releaseEarlierClaims(db, { nodeId, workerId });
    reclaimed = true;
    if (released.length > 0) {
      log(
        `took back ${released.length} payout job(s) claimed by an earlier process of node ${nodeId}: ${released.join(', ')}`,
      );
    }
  }

  async function runOnce(): Promise<number> {
    let touched = 0;
    while (touched < maxJobsPerRun && !stopping) {
      const job = await claimNextJob(db, { workerId, now: new Date(clock.now()), leaseMs });
      if (!job) break;
      touched += 1;
      await advanceJob(deps, job);
    }
    return touched;
  }

  return {
    runOnce,
    start() {
      if (loop || stopping) return;
      const run = async () => {
        await reclaimOnce();
        return runOnce();
      };
      loop = startWorkerLoop({ run, intervalMs: options.intervalMs ?? 1_000, log });
    },
    async stop() {
      stopping = true;
      await loop?.stop();
    },
  };
}
