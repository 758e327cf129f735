import os from 'node:os';

/**
 * The id a game node is known by in Redis (its heartbeat, the leases it owns). NODE_ID when set, checked
 * (1 to 64 characters of A-Z a-z 0-9 _ . -), so a typo stops the node at start with a clear error; else
 * the host name and process id, unique among processes on one machine and across machines.
 */

export const NODE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export class NodeIdError extends Error {
  constructor(received: string) {
    super(`NODE_ID must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got ${JSON.stringify(received)})`);
    this.name = 'NodeIdError';
  }
}

export interface NodeIdSource {
  env: Record<string, string | undefined>;
  hostname: () => string;
  pid: number;
}

export function resolveNodeId(
  source: NodeIdSource = { env: process.env, hostname: os.hostname, pid: process.pid },
): string {
  const configured = source.env.NODE_ID;
  if (configured !== undefined && configured !== '') {
    if (!NODE_ID_PATTERN.test(configured)) throw new NodeIdError(configured);
    return configured;
  }
  const suffix = `-${source.pid}`;
  // A host name may hold characters outside the pattern (or be empty); they become '-'.
  const host = source
    .hostname()
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .slice(0, 64 - suffix.length);
  return `${host || 'node'}${suffix}`;
}
