import { NODE_ID_PATTERN } from './node-id.ts';

/** Checks of the ids and times the cluster modules store in Redis. */

const MATCH_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function checkMatchId(matchId: string): void {
  if (!MATCH_ID_PATTERN.test(matchId)) {
    throw new Error(
      `A match id must be 1 to 64 characters of A-Z a-z 0-9 _ - (got ${JSON.stringify(matchId)})`,
    );
  }
}

export function checkNodeId(nodeId: string): void {
  if (!NODE_ID_PATTERN.test(nodeId)) {
    throw new Error(
      `A node id must be 1 to 64 characters of A-Z a-z 0-9 _ . - (got ${JSON.stringify(nodeId)})`,
    );
  }
}

export function checkTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs < 1 || ttlMs > 86_400_000) {
    throw new Error(`A lease time must be a whole number of milliseconds from 1 to 86400000 (got ${ttlMs})`);
  }
}
