import { tmpdir } from 'node:os';
import { inArray } from 'drizzle-orm';
import { systemClock } from '../../../../common/clock.ts';
import { walletAnalytics } from '../../../admin/analytics/refresh-wallet-analytics.ts';
import { createChainRpc } from '../../../chain/chain-rpc.ts';
import { signerFromSecretBytes } from '../../../chain/keypair-secret.ts';
import { openDatabase } from '../../../db/open-database.ts';
import { payoutJobs } from '../../../db/schema/index.ts';
import { createPayoutWorker, type PayoutWorkerHooks } from '../payout-worker.ts';
import { CHILD_ENV, type CrashPoint } from './worker-process.ts';

/**
 * Test support: a payout worker in its own process (RELIABILITY 10, 11, 13). It can kill itself with
 * SIGKILL at a crash point, as a power cut or the OOM killer would: no finally, no flush, no goodbye.
 */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function crashHooks(point: CrashPoint | undefined): PayoutWorkerHooks {
  const die = () => {
    process.kill(process.pid, 'SIGKILL');
    return new Promise<never>(() => {});
  };
  switch (point) {
    case undefined:
      return {};
    case 'after-store':
      return { afterStore: die };
    case 'after-send':
      return { afterSend: die };
    default: {
      const unknown: never = point;
      throw new Error(`unknown crash point ${String(unknown)}`);
    }
  }
}

const crashAt = (process.env[CHILD_ENV.crashAt] || undefined) as CrashPoint | undefined;
const jobIds = required(CHILD_ENV.jobIds).split(',');
const secret = Uint8Array.from(JSON.parse(required(CHILD_ENV.houseSecret)) as number[]);
const opened = await openDatabase({ databaseUrl: required(CHILD_ENV.databaseUrl), dataDir: tmpdir() });
const worker = createPayoutWorker({
  analytics: walletAnalytics,
  db: opened.db,
  rpc: createChainRpc(required(CHILD_ENV.rpcUrl)),
  houseWallet: await signerFromSecretBytes(secret),
  clock: systemClock,
  workerId: required(CHILD_ENV.workerId),
  pollMs: 50,
  backoff: { baseMs: 50, maxMs: 500 },
  hooks: crashHooks(crashAt),
  log: (message, error) => console.error(message, error ?? ''),
});

let touched = 0;
const deadline = Date.now() + 20_000;
for (;;) {
  touched += await worker.runOnce();
  // With a crash point the first step never returns; without, work until every job is settled.
  const rows = await opened.db
    .select({ status: payoutJobs.status })
    .from(payoutJobs)
    .where(inArray(payoutJobs.id, jobIds));
  if (rows.every((row) => row.status === 'confirmed')) break;
  if (Date.now() > deadline) throw new Error('jobs not settled within 20 s');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(`${JSON.stringify({ touched })}\n`);
await opened.close();
