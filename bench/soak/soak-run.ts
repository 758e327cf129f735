import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { address } from '@solana/kit';
import { seededRandom } from '../../src/server/game/house-bot/bot-brain.ts';
import { childServer } from '../child-server.ts';
import { emptyTally, runSoakBot, type SoakTally } from './soak-bot.ts';
import { waitUntilSettled } from './soak-settle.ts';
import { soakRpc } from './soak-wallet.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SoakOptions {
  seed: number;
  /** Bots in all; half share one address (a NAT, an office), the others each have their own. */
  bots: number;
  /** How long bots keep starting rounds. */
  seconds: number;
  /** A PostgreSQL database of its own for the server (else embedded PGlite in the run's data folder). */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface SoakResult {
  tally: SoakTally;
  /** `npm run reconcile`'s exit code after the server stopped (0: the ledger and the chain agree). */
  reconcileExit: number;
  reconcileOutput: string;
  settled: boolean;
}

/** The sweeper's grace and schedule, shortened so a run of minutes sees every stranded payment refunded. */
export const SOAK_SERVER_ENV = {
  PAYMENT_SWEEP_GRACE_SECONDS: '40',
  PAYMENT_SWEEP_INTERVAL_SECONDS: '5',
  PAYMENT_SWEEP_CHAIN_SECONDS: '10',
} as const;

/** `npm run reconcile` against the stopped server's data: its exit code and what it printed. */
async function reconcileAfterStop(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/ledger/reconcile/reconcile-cli.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 2)));
  return { code, output };
}

/**
 * The Jepsen-style bank test of the product's money: the real server in its own process (its embedded
 * local chain, PGlite or PostgreSQL), bots paying real entries and doing what players do for `seconds`,
 * then a wait until everything owed is settled, a clean stop, and `npm run reconcile` on what is left.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-soak-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    // The bots of several addresses come through this trusted "proxy" (loopback) with X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    ...SOAK_SERVER_ENV,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = await childServer(child, {
    name: 'the soak server',
    listening: /Server listening at (http:\/\/\S+)/,
    timeoutMs: 180_000,
  });
  const tally = emptyTally();
  let settled = false;
  try {
    const rpc = soakRpc(server.url);
    const { houseWallet } = (await (await fetch(`${server.url}/api/wallet-config`)).json()) as {
      houseWallet: string;
    };
    const random = seededRandom(options.seed);
    const stopAt = Date.now() + options.seconds * 1000;
    log(`soak seed ${options.seed}: ${options.bots} bots for ${options.seconds} s against ${server.url}`);
    const bots = Array.from({ length: options.bots }, (_, i) => {
      const botRandom = seededRandom(Math.floor(random() * 2 ** 32));
      const shared = i % 2 === 0;
      const proxyHeaders: Record<string, string> = shared
        ? {}
        : { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      return runSoakBot({
        baseUrl: server.url,
        rpc,
        house: address(houseWallet),
        random: botRandom,
        proxyHeaders,
        stopAt,
        tally,
      });
    });
    await Promise.all(bots);
    log('bots done; waiting until every payment is settled');
    settled = await waitUntilSettled({
      databaseUrl: options.databaseUrl,
      env: SOAK_SERVER_ENV,
      signatures: tally.signatures,
      log,
    });
  } finally {
    await server.stop();
  }
  const reconciled = await reconcileAfterStop({ ...env, PORT: '1' });
  await rm(dataDir, { recursive: true, force: true });
  return { tally, reconcileExit: reconciled.code, reconcileOutput: reconciled.output, settled };
}
