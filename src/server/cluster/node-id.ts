import os from 'node:os';
import { NODE_ID_PATTERN } from '../../common/rules.ts';

/**
 * The one rule for the name a server process goes by (NODE_ID): its payout claims, and in cluster mode its
 * searches, matches and heartbeat. NODE_ID when set, checked (1 to 64 characters of A-Z a-z 0-9 _ . -), so a
 * typo stops the node at start with a clear error. Unset, a process alone on its database is its host name
 * (a restart of it is the same node and takes back its predecessor's payout claims); in cluster mode it is
 * the host name and process id, so two nodes on one machine are never taken for one another (each would
 * settle the other's live matches as its own).
 */

export { NODE_ID_PATTERN };

export class NodeIdError extends Error {
  constructor(received: string) {
    super(`NODE_ID must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got ${JSON.stringify(received)})`);
    this.name = 'NodeIdError';
  }
}

export interface NodeIdSource {
  /** NODE_ID as configured; unset or empty means the default. */
  configured: string | undefined;
  /** Cluster mode (REDIS_URL set). */
  cluster: boolean;
  hostname?: () => string;
  pid?: number;
}

export function resolveNodeId(source: NodeIdSource): string {
  const { configured } = source;
  if (configured !== undefined && configured !== '') {
    if (!NODE_ID_PATTERN.test(configured)) throw new NodeIdError(configured);
    return configured;
  }
  const suffix = source.cluster ? `-${source.pid ?? process.pid}` : '';
  // A host name may hold characters outside the pattern (or be empty); they become '-'.
  const host = (source.hostname ?? os.hostname)()
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .slice(0, 64 - suffix.length);
  return `${host || 'node'}${suffix}`;
}
