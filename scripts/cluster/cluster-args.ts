import { parseArgs } from 'node:util';
import { REDIS_KEY_PREFIX_PATTERN } from '../../src/server/cluster/redis-keys.ts';
import { MAX_NODES } from './cluster-nodes.ts';

/** The command line of `npm run cluster`, checked whole before anything starts. */

export interface ClusterArgs {
  nodes: number;
  port: number;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
}

export const DEFAULT_CLUSTER_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pong_cluster';

export const CLUSTER_USAGE = `Usage: npm run cluster -- --nodes N [options]

Starts N game nodes (src/server/main.ts) on one PostgreSQL database and one Redis, and a load-balancing
proxy in front of them. Node 1 runs the embedded local chain; the others use it through node 1's /rpc.

  --nodes N              how many nodes, 1 to ${MAX_NODES} (required)
  --port P               the proxy's port (default 8080); node i listens on P + i
  --data-dir DIR         the cluster folder: house keypair and node-i/ data (default ./data/cluster)
  --database-url URL     PostgreSQL database, created if missing (default ${DEFAULT_CLUSTER_DATABASE_URL})
  --redis-url URL        Redis (default redis://127.0.0.1:6379)
  --redis-key-prefix P   prefix of every Redis key the nodes write (default pong-cluster)
  --help                 this text`;

export class ClusterUsageError extends Error {
  constructor(problem: string) {
    super(`${problem}\n\n${CLUSTER_USAGE}`);
    this.name = 'ClusterUsageError';
  }
}

function integerIn(flag: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ClusterUsageError(
      `--${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`,
    );
  }
  return value;
}

/** Parses the arguments after `--`; returns 'help' for --help. Throws ClusterUsageError for anything wrong. */
export function parseClusterArgs(argv: string[]): ClusterArgs | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        nodes: { type: 'string' },
        port: { type: 'string', default: '8080' },
        'data-dir': { type: 'string', default: './data/cluster' },
        'database-url': { type: 'string', default: DEFAULT_CLUSTER_DATABASE_URL },
        'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
        'redis-key-prefix': { type: 'string', default: 'pong-cluster' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new ClusterUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.nodes === undefined) throw new ClusterUsageError('--nodes is required');
  const nodes = integerIn('nodes', String(values.nodes), 1, MAX_NODES);
  const port = integerIn('port', String(values.port), 1, 65_535 - nodes);
  const databaseUrl = String(values['database-url']);
  if (!/^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(databaseUrl)) {
    throw new ClusterUsageError('--database-url must be a postgres:// URL naming a database');
  }
  const redisUrl = String(values['redis-url']);
  if (!/^rediss?:\/\//.test(redisUrl)) throw new ClusterUsageError('--redis-url must be a redis:// URL');
  const redisKeyPrefix = String(values['redis-key-prefix']);
  if (!REDIS_KEY_PREFIX_PATTERN.test(redisKeyPrefix)) {
    throw new ClusterUsageError('--redis-key-prefix must be 1 to 64 characters of A-Z a-z 0-9 _ . : -');
  }
  return { nodes, port, dataDir: String(values['data-dir']), databaseUrl, redisUrl, redisKeyPrefix };
}
