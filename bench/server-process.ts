import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Per-address limits times this: every bot connects from 127.0.0.1, which production takes for one home. */
export const BENCH_PER_IP_LIMIT_FACTOR = 100_000;

export interface ProductServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The product as operators start it, in a process of its own: its real entry point (src/server/main.ts,
 * through tsx) on its embedded defaults (PGlite and the local chain in a fresh DATA_DIR), configured only
 * through environment variables it documents.
 */
export async function startProductServer(): Promise<ProductServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-bench-'));
  // BENCH_CPU_PROF_DIR=dir writes the server's V8 CPU profile there when it stops (open it in Chrome's
  // DevTools or speedscope): what the speed work of issue 11 was found with.
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
      PER_IP_LIMIT_FACTOR: String(BENCH_PER_IP_LIMIT_FACTOR),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within 120 s:\n${output}`)),
      120_000,
    );
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const listening = /Server listening at (http:\/\/\S+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(forced);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
