import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
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

const WALLET_PATTERN = /^[A-Za-z0-9]{1,64}$/;

export function checkWallet(wallet: string): void {
  if (!WALLET_PATTERN.test(wallet)) {
    throw new Error(`A queued wallet must be 1 to 64 letters or digits (got ${JSON.stringify(wallet)})`);
  }
}

export function checkMode(mode: string): GameModeId {
  if (!(GAME_MODE_IDS as readonly string[]).includes(mode)) {
    throw new Error(
      `Unknown game mode ${JSON.stringify(mode)} (expected one of ${GAME_MODE_IDS.join(', ')})`,
    );
  }
  return mode as GameModeId;
}
