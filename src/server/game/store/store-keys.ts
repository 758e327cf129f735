import { createHash, randomBytes } from 'node:crypto';
import { CHALLENGE_CODE_LENGTH } from '../../../common/rules.ts';
import { BASE58_ALPHABET } from '../../../common/text-patterns.ts';

/**
 * The keys and scopes the game writes through its store, as plain values (no database here): the node's
 * files take them from the store's interface (game-store.ts), the row files from here.
 */

/** A new challenge code: CHALLENGE_CODE_LENGTH base58 characters, each uniform (bytes past 4 × 58 are drawn again). */
export function newChallengeCode(): string {
  let code = '';
  while (code.length < CHALLENGE_CODE_LENGTH) {
    for (const byte of randomBytes(CHALLENGE_CODE_LENGTH * 2)) {
      if (byte < 232 && code.length < CHALLENGE_CODE_LENGTH) code += BASE58_ALPHABET[byte % 58];
    }
  }
  return code;
}

/** A rematch offer's code is this and the game's id (rematches.ts); never a link's code. */
export const REMATCH_CODE_PREFIX = 'rematch-';

/** The hash of a match's seed, written on its row at the start and shown before the seed is. */
export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * Whose open searches and matches a settlement may close. One process alone on its database
 * settles everything a previous run left open ('all'). In cluster mode several game nodes share the
 * database, and each search and match row names the node holding it (`node_id`): a node settles only the
 * rows of the nodes it names, the ones it knows are gone, and (at its own start) rows that name no node.
 */
export type SettleScope = { kind: 'all' } | { kind: 'nodes'; nodeIds: readonly string[]; unowned: boolean };

export const SETTLE_ALL: SettleScope = { kind: 'all' };
