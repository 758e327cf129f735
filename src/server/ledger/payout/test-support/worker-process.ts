import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Where the child payout worker can die (RELIABILITY 10, 11). */
export type CrashPoint = 'after-store' | 'after-send';

export const CHILD_ENV = {
  databaseUrl: 'PAYOUT_CHILD_DATABASE_URL',
  rpcUrl: 'PAYOUT_CHILD_RPC_URL',
  houseSecret: 'PAYOUT_CHILD_HOUSE_SECRET',
  workerId: 'PAYOUT_CHILD_WORKER_ID',
  jobIds: 'PAYOUT_CHILD_JOB_IDS',
  crashAt: 'PAYOUT_CHILD_CRASH_AT',
} as const;

export interface ChildWorkerOptions {
  databaseUrl: string;
  rpcUrl: string;
  /** The house keypair's secret bytes (64, or a 32-byte private key), shared with the test process. */
  houseSecret: Uint8Array;
  workerId: string;
  jobIds: string[];
  crashAt?: CrashPoint;
}

export interface ChildWorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const CHILD = fileURLToPath(new URL('./payout-worker-child.ts', import.meta.url));

/** Runs the payout worker in a real child process (`node --import tsx`) and resolves when it exits. */
export function runChildWorker(options: ChildWorkerOptions): Promise<ChildWorkerExit> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      [CHILD_ENV.databaseUrl]: options.databaseUrl,
      [CHILD_ENV.rpcUrl]: options.rpcUrl,
      [CHILD_ENV.houseSecret]: JSON.stringify([...options.houseSecret]),
      [CHILD_ENV.workerId]: options.workerId,
      [CHILD_ENV.jobIds]: options.jobIds.join(','),
      [CHILD_ENV.crashAt]: options.crashAt ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
