import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { address } from '@solana/kit';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { seededRandom } from '../../src/server/game/match/bot-brain.ts';
import { createChallengeBoard } from './soak-board.ts';
import { emptyTally, runSoakBot, type SoakTally } from './soak-bot.ts';
import { startSoakNodes } from './soak-nodes.ts';
import { soakRuleBreaches } from './soak-rules.ts';
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
  /** Game nodes: 1 (default), or 2 sharing `databaseUrl` and the Redis at REDIS_URL. */
  nodes?: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  tally: SoakTally;
  /** `npm run reconcile`'s exit code after the server stopped (0: the ledger and the chain agree). */
  reconcileExit: number;
  reconcileOutput: string;
  settled: boolean;
  /** The money rules of challenges, Blink payments, exclusions and one live stake that the run broke. */
  breaches: string[];
}

/**
 * The sweeper's grace and schedule, and a challenge's life, shortened so a run of minutes sees every stranded
 * payment refunded and every unaccepted challenge closed.
 */
export const SOAK_SERVER_ENV = {
  PAYMENT_SWEEP_GRACE_SECONDS: '40',
  PAYMENT_SWEEP_INTERVAL_SECONDS: '5',
  PAYMENT_SWEEP_CHAIN_SECONDS: '10',
  CHALLENGE_EXPIRY_MINUTES: '1',
} as const;

/** `npm run reconcile` against the stopped server's data: its exit code and what it printed. */
async function reconcileAfterStop(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/reconcile-cli.ts'], {
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
  const nodes = await startSoakNodes({
    nodes: options.nodes ?? 1,
    dataDir,
    databaseUrl: options.databaseUrl,
    env: { ...SOAK_SERVER_ENV },
  });
  const tally = emptyTally();
  let settled = false;
  try {
    const rpc = soakRpc(nodes.urls[0]!);
    const { houseWallet } = (await (await fetch(`${nodes.urls[0]}/api/wallet-config`)).json()) as {
      houseWallet: string;
    };
    const random = seededRandom(options.seed);
    const board = createChallengeBoard();
    const stopAt = Date.now() + options.seconds * 1000;
    log(
      `soak seed ${options.seed}: ${options.bots} bots for ${options.seconds} s against ${nodes.urls.join(' and ')}`,
    );
    const bots = Array.from({ length: options.bots }, (_, i) => {
      const botRandom = seededRandom(Math.floor(random() * 2 ** 32));
      const shared = i % 2 === 0;
      const proxyHeaders: Record<string, string> = shared
        ? {}
        : { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      return runSoakBot({
        index: i,
        nodes: nodes.urls,
        origin: nodes.origin,
        board,
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
    await nodes.stop();
  }
  const reconciled = await reconcileAfterStop(nodes.reconcileEnv);
  const opened = await openDatabase({
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    dataDir,
  });
  let breaches: string[];
  try {
    breaches = await soakRuleBreaches(opened.db, { wallets: tally.wallets, ...tally.facts });
  } finally {
    await opened.close();
  }
  await rm(dataDir, { recursive: true, force: true });
  return { tally, reconcileExit: reconciled.code, reconcileOutput: reconciled.output, settled, breaches };
}
