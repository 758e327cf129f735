import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { childServer } from '../../bench/child-server.ts';
import { totpKeyFromDataDir } from '../../src/server/admin/two-factor/totp-key.ts';
import { readOrCreateKeypairFile } from '../../src/server/chain/keypair-secret.ts';
import { packageRoot } from '../../src/server/package-root.ts';

/**
 * Game nodes of a local cluster as real server processes (`src/server/main.ts` through
 * tsx), for `npm run cluster` and for tests that kill one and start it again. Every node shares one
 * PostgreSQL database, one Redis (under one key prefix), one chain and one house wallet: node 1 runs the
 * embedded chain and serves it at /rpc, nodes 2..N use that chain as a remote one. Browsers reach them all
 * through the proxy (scripts/cluster/proxy.ts), whose origin is every node's public origin and whose
 * X-Forwarded-For every node trusts (one hop). Node i listens on 127.0.0.1 at basePort + i.
 */

export interface ClusterOptions {
  /** How many nodes (1..8). */
  nodes: number;
  /** The proxy's port; node i listens on basePort + i. */
  basePort: number;
  /** The cluster folder: the house keypair, and node-i/ as each node's DATA_DIR. */
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** The origin browsers use (the proxy's); default http://127.0.0.1:<basePort>. */
  publicOrigin?: string;
  /** Extra environment for every node (LOG_LEVEL, say), under the cluster's own variables. */
  env?: Record<string, string>;
  /** Each complete line a node prints, as it comes (the launcher prefixes them with [node-i]). */
  onLine?: (nodeId: string, line: string) => void;
  /**
   * Start each node in a process group of its own, so a terminal's Ctrl-C reaches only the launcher, which
   * then stops each node once (a node told twice exits at once, with code 1).
   */
  detached?: boolean;
  /** How long a node may take to print its listening line (default 120 s). */
  startTimeoutMs?: number;
}

export interface ClusterNode {
  /** Its NODE_ID: node-1 .. node-N. */
  id: string;
  /** Where it listens, e.g. http://127.0.0.1:8081 */
  url: string;
  pid: number;
  /** Sends a signal (SIGTERM stops it gracefully, SIGKILL as a crash would); false if it had exited. */
  kill(signal?: NodeJS.Signals): boolean;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (stdout and stderr; the last 1 MB). */
  output(): string;
}

export const MAX_NODES = 8;
const OUTPUT_KEPT = 1_000_000;

export function nodeId(index: number): string {
  return `node-${index}`;
}

/** The keypair every node signs payouts with, created once in the cluster folder. */
export function houseKeypairFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'house-wallet.json');
}

export function publicOriginOf(options: Pick<ClusterOptions, 'basePort' | 'publicOrigin'>): string {
  return options.publicOrigin ?? `http://127.0.0.1:${options.basePort}`;
}

/** The environment node `index` (1-based) runs with, over the launcher's own. */
export function nodeEnvironment(options: ClusterOptions, index: number): Record<string, string> {
  if (!Number.isInteger(index) || index < 1 || index > options.nodes) {
    throw new Error(`node index must be 1 to ${options.nodes} (got ${index})`);
  }
  const origin = publicOriginOf(options);
  const localhostOrigin = origin.replace('//127.0.0.1:', '//localhost:');
  const shared: Record<string, string> = {
    NODE_ID: nodeId(index),
    HOST: '127.0.0.1',
    PORT: String(options.basePort + index),
    DATA_DIR: path.join(path.resolve(options.dataDir), nodeId(index)),
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix,
    PUBLIC_ORIGIN: origin,
    ALLOWED_ORIGINS: [...new Set([origin, localhostOrigin])].join(','),
    // Exactly one proxy in front: the client is the address the proxy saw, never what the client wrote.
    TRUST_PROXY: '1',
    HOUSE_WALLET_KEYPAIR: houseKeypairFile(options.dataDir),
  };
  if (index === 1) {
    return {
      ...shared,
      SOLANA_RPC_URL: '',
      PUBLIC_RPC_URL: '',
      // The other nodes reach this /rpc from 127.0.0.1 too; its per-address limit must not throttle them.
      PER_IP_LIMIT_FACTOR: '1000',
      ...(process.env.NODE_ENV === 'production' || options.env?.NODE_ENV === 'production'
        ? { LOCAL_CHAIN: '1' }
        : {}),
    };
  }
  return {
    ...shared,
    SOLANA_RPC_URL: `http://127.0.0.1:${options.basePort + 1}/rpc`,
    PUBLIC_RPC_URL: `${origin}/rpc`,
    SOLANA_CLUSTER: 'localnet',
    LOCAL_CHAIN: '',
  };
}

/** The tail of a stream cut into lines, whatever the chunk boundaries. */
function lineReader(onLine: (line: string) => void): (chunk: Buffer) => void {
  let partial = '';
  return (chunk) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
}

/**
 * Starts node `index` (1-based) and resolves once it listens. Also how a test starts again a node it
 * killed: same options, same index, same port and DATA_DIR. Creates the house keypair and the admins' TOTP key if they are missing.
 */
export async function startClusterNode(options: ClusterOptions, index: number): Promise<ClusterNode> {
  const id = nodeId(index);
  await readOrCreateKeypairFile(houseKeypairFile(options.dataDir));
  // Every node seals and opens the admins' authenticator secrets with one key (config: required with Redis).
  const totpKey = (await totpKeyFromDataDir(path.resolve(options.dataDir))).toString('hex');
  const env: Record<string, string> = { ADMIN_TOTP_KEY: totpKey, ...nodeEnvironment(options, index) };
  await mkdir(env.DATA_DIR!, { recursive: true });

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: packageRoot(),
    env: { ...process.env, ...options.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  for (const stream of [child.stdout, child.stderr]) {
    const line = options.onLine ? lineReader((text) => options.onLine?.(id, text)) : undefined;
    stream?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
      line?.(chunk);
    });
  }
  try {
    const server = await childServer(child, {
      name: id,
      listening: /Server listening at (http:\/\/\S+)/,
      timeoutMs: options.startTimeoutMs ?? 120_000,
    });
    return {
      id,
      url: server.url,
      pid: server.pid,
      kill: (signal = 'SIGTERM') =>
        child.exitCode === null && child.signalCode === null && child.kill(signal),
      exited,
      output: () => output,
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

/**
 * Starts every node: node 1 first (it migrates the database and opens the chain the others use), then the
 * others together. If one fails to start, the ones already running are killed and the error is thrown.
 */
export async function startClusterNodes(options: ClusterOptions): Promise<ClusterNode[]> {
  if (!Number.isInteger(options.nodes) || options.nodes < 1 || options.nodes > MAX_NODES) {
    throw new Error(`a cluster has 1 to ${MAX_NODES} nodes (got ${options.nodes})`);
  }
  const first = await startClusterNode(options, 1);
  const others = await Promise.allSettled(
    Array.from({ length: options.nodes - 1 }, (_, i) => startClusterNode(options, i + 2)),
  );
  const started = [first, ...others.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))];
  const failed = others.find((o) => o.status === 'rejected');
  if (failed) {
    await stopClusterNodes(started);
    throw failed.reason;
  }
  return started;
}

/**
 * Sends SIGTERM to every node still running and waits for each (SIGKILL after `graceMs`, default 20 s):
 * the first node last, so the others finish their in-flight work while the chain they use still answers.
 */
export async function stopClusterNodes(nodes: ClusterNode[], graceMs = 20_000): Promise<void> {
  const stop = async (node: ClusterNode) => {
    if (!node.kill('SIGTERM')) return;
    const forced = setTimeout(() => node.kill('SIGKILL'), graceMs);
    await node.exited;
    clearTimeout(forced);
  };
  const [first, ...others] = nodes;
  await Promise.all(others.map(stop));
  if (first) await stop(first);
}
