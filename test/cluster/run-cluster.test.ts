import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { parseClusterArgs } from '../../scripts/cluster/cluster-args.ts';
import { ensureDatabase } from '../../scripts/cluster/cluster-database.ts';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';
import { packageRoot } from '../../src/server/package-root.ts';
import { ensureClientBuilt } from '../support/build-client.ts';
import {
  createThrowawayDatabase,
  TEST_DATABASE_URL,
  type ThrowawayDatabase,
} from '../support/database-bed.ts';
import { deleteRedisKeys } from './redis-prefix-cleanup.ts';

/**
 * `npm run cluster` (scripts/cluster/run-cluster.ts): its command line, the database it creates, and one
 * real run of two nodes: started, one killed and reported while the other serves, then stopped by SIGTERM.
 */

const root = packageRoot();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanUp of cleanups.reverse()) await cleanUp();
});

function runCluster(args: string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/cluster/run-cluster.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (child.exitCode !== null) throw new Error(`the launcher exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`never saw ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return pattern.exec(output)!;
  };
  return { child, exited, waitFor, output: () => output };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the command line of npm run cluster', () => {
  it('has defaults for everything but --nodes', () => {
    expect(parseClusterArgs(['--nodes', '3'])).toEqual({
      nodes: 3,
      port: 8080,
      dataDir: './data/cluster',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/pong_cluster',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'pong-cluster',
    });
  });

  it.each([
    [[], '--nodes is required'],
    [['--nodes', '0'], '--nodes must be an integer from 1 to 8 (got "0")'],
    [['--nodes', '9'], '--nodes must be an integer from 1 to 8 (got "9")'],
    [['--nodes', '2.5'], '--nodes must be an integer from 1 to 8 (got "2.5")'],
    [['--nodes', '2', '--port', '65535'], '--port must be an integer from 1 to 65533'],
    [['--nodes', '2', '--database-url', 'mysql://x/y'], '--database-url must be a postgres:// URL'],
    [['--nodes', '2', '--redis-key-prefix', 'a b'], '--redis-key-prefix must be 1 to 64 characters'],
    [['--nodes', '2', '--verbose'], "Unknown option '--verbose'"],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseClusterArgs(argv)).toThrow(message);
    expect(() => parseClusterArgs(argv)).toThrow('Usage: npm run cluster -- --nodes N');
  });

  it('a wrong --nodes stops the launcher with exit code 2 and the usage text, before it starts anything', async () => {
    const launcher = runCluster(['--nodes', '12']);
    expect(await launcher.exited).toBe(2);
    expect(launcher.output()).toContain('--nodes must be an integer from 1 to 8 (got "12")');
    expect(launcher.output()).toContain('Usage: npm run cluster -- --nodes N [options]');
  });
});

describe('the cluster database', () => {
  it('is created when missing, and left as it is when present', async () => {
    const name = `pong_cluster_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    expect(await ensureDatabase(url.toString())).toBe('created');
    expect(await ensureDatabase(url.toString())).toBe('exists');
  });

  it('an unreachable server is named in a clear error', async () => {
    await expect(ensureDatabase('postgres://postgres@127.0.0.1:1/pong_cluster')).rejects.toThrow(
      'cluster mode needs a PostgreSQL server, and postgres://postgres@127.0.0.1:1/postgres is unreachable',
    );
  });
});

describe('npm run cluster -- --nodes 2', () => {
  it('starts two nodes and the proxy, reports a node that dies while the other serves, and stops on SIGTERM', async () => {
    ensureClientBuilt(root);
    const database: ThrowawayDatabase = await createThrowawayDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-run-cluster-'));
    const port = await findFreePortRange(3);
    const launcher = runCluster([
      '--nodes',
      '2',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--database-url',
      database.url,
      '--redis-key-prefix',
      `pong-run-cluster-test-${port}`,
    ]);
    const pids: number[] = [];
    cleanups.push(async () => {
      if (launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
      for (const pid of pids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      // The node killed by the test leaves its name in the live set: nothing of the test stays in Redis.
      await deleteRedisKeys(
        process.env.REDIS_URL || 'redis://127.0.0.1:6379',
        `pong-run-cluster-test-${port}`,
      );
    });

    await launcher.waitFor(new RegExp(`Cluster: 2 nodes behind http://127\\.0\\.0\\.1:${port}\\n`));
    for (const id of ['node-1', 'node-2']) {
      const [, pid] = await launcher.waitFor(
        new RegExp(`\\[cluster\\] ${id} at http://127\\.0\\.0\\.1:\\d+ \\(pid (\\d+)\\)`),
      );
      pids.push(Number(pid));
    }
    expect(launcher.output()).toMatch(/^\[node-1\] Server listening at http:\/\/127\.0\.0\.1:/m);
    // A node prints its chain line just after its listening line: it may reach the launcher a moment later.
    await launcher.waitFor(/^\[node-2\] Chain: localnet through SOLANA_RPC_URL/m, 10_000);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    process.kill(pids[1]!, 'SIGKILL');
    await launcher.waitFor(/\[cluster\] node-2 exited \(signal SIGKILL\); 1 node still running/);
    const served = [];
    for (let i = 0; i < 3; i++)
      served.push((await fetch(`http://127.0.0.1:${port}/api/wallet-config`)).headers.get('x-served-by'));
    expect(served).toEqual(['node-1', 'node-1', 'node-1']);

    launcher.child.kill('SIGTERM');
    expect(await launcher.exited).toBe(0);
    expect(launcher.output()).toContain('[cluster] node-1 stopped (code 0)');
    expect(launcher.output()).toMatch(/^\[node-1\] SIGTERM received/m);
    expect(isRunning(pids[0]!)).toBe(false);
  }, 300_000);
});
