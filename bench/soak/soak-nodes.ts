import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  houseKeypairFile,
  publicOriginOf,
  startClusterNodes,
  stopClusterNodes,
} from '../../scripts/cluster/cluster-nodes.ts';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';
import { connectRedis, DEFAULT_REDIS_URL, parseRedisUrl } from '../../src/server/cluster/redis-connection.ts';
import { childServer } from '../child-server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The soak's servers: their URLs, the origin they allow, how to stop them, and where reconcile reads. */
export interface SoakNodes {
  urls: string[];
  origin: string;
  stop(): Promise<void>;
  /** The environment `npm run reconcile` runs with once they have stopped (the chain's folder, the database). */
  reconcileEnv: NodeJS.ProcessEnv;
}

/**
 * One server process on its embedded chain (PGlite, or the given PostgreSQL database), or a cluster of two
 * game nodes on that PostgreSQL database and the Redis at REDIS_URL (a key prefix of the run's own, deleted
 * afterwards): node 1 runs the chain, node 2 uses it as a remote one, as `npm run cluster` starts them.
 */
export async function startSoakNodes(options: {
  nodes: number;
  dataDir: string;
  databaseUrl: string | undefined;
  env: Record<string, string>;
}): Promise<SoakNodes> {
  if (options.nodes === 1) return startOne(options);
  if (!options.databaseUrl) throw new Error('a soak of several nodes needs --database-url (they share it)');
  const basePort = await findFreePortRange(options.nodes + 1);
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const redisKeyPrefix = `soak-${randomBytes(4).toString('hex')}:`;
  const cluster = {
    nodes: options.nodes,
    basePort,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    redisUrl,
    redisKeyPrefix,
    env: { LOG_LEVEL: 'error', NODE_ENV: 'development', SHUTDOWN_DRAIN_SECONDS: '5', ...options.env },
    startTimeoutMs: 180_000,
  };
  const nodes = await startClusterNodes(cluster);
  return {
    urls: nodes.map((n) => n.url),
    origin: publicOriginOf(cluster),
    async stop() {
      await stopClusterNodes(nodes);
      const redis = await connectRedis(parseRedisUrl(redisUrl));
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}*`, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await redis.quit();
      }
    },
    reconcileEnv: {
      ...process.env,
      PORT: '1',
      DATA_DIR: path.join(path.resolve(options.dataDir), 'node-1'),
      DATABASE_URL: options.databaseUrl,
      HOUSE_WALLET_KEYPAIR: houseKeypairFile(options.dataDir),
      REDIS_URL: '',
    },
  };
}

async function startOne(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  env: Record<string, string>;
}): Promise<SoakNodes> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    // The bots of several addresses come through this trusted "proxy" (loopback) with X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    ...options.env,
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
  return {
    urls: [server.url],
    origin: new URL(server.url).origin,
    stop: () => server.stop(),
    reconcileEnv: { ...env, PORT: '1' },
  };
}
