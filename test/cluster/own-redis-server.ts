import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';

/**
 * A redis-server of a test's own, as a child process on a free port, for tests that take Redis away (a
 * crash: SIGKILL) and bring it back on the same port, empty, as a Redis without persistence comes back.
 * The machine's Redis, which other tests share, is never touched.
 */

const READY = /Ready to accept connections/;
const START_TIMEOUT_MS = 10_000;

export interface OwnRedisServer {
  port: number;
  url: string;
  /** Kills the running server with `signal` (SIGKILL: as a crash) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (after `kill`); resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Kills it if it runs and removes its folder. */
  stop(): Promise<void>;
}

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server on port ${port} not ready within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not be started: ${error.message}`, { cause: error }));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`redis-server on port ${port} exited (${code ?? signal}) before it was ready:\n${output}`),
      );
    });
  });
}

export async function startOwnRedisServer(): Promise<OwnRedisServer> {
  const port = await findFreePortRange(1);
  const dir = await mkdtemp(path.join(tmpdir(), 'pong-own-redis-'));
  let child: ChildProcess | null = await launch(port, dir);

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exited;
    child = null;
  };

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      if (child) throw new Error(`redis-server on port ${port} still runs; kill it first`);
      child = await launch(port, dir);
    },
    async stop() {
      await kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
