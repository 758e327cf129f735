import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildServer, childServer } from './child-server.ts';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Per-address limits times this: every bot connects from 127.0.0.1, which production takes for one home. */
export const BENCH_PER_IP_LIMIT_FACTOR = 100_000;

export type ProductServer = ChildServer;

/**
 * The product as operators start it, in a process of its own: its real entry point (src/server/main.ts,
 * through tsx) on its embedded defaults (PGlite and the local chain in a fresh DATA_DIR), configured only
 * through environment variables it documents.
 */
export async function startProductServer(): Promise<ProductServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-bench-'));
  // BENCH_CPU_PROF_DIR=dir writes the server's V8 CPU profile there when it stops (open it in Chrome's
  // DevTools or speedscope): how the tick's hot paths were found.
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
  return childServer(child, {
    name: 'the server',
    listening: /Server listening at (http:\/\/\S+)/,
    timeoutMs: 120_000,
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  });
}
