import { eq, TransactionRollbackError } from 'drizzle-orm';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { queueSessions } from '../../db/schema/index.ts';
import { acceptChallengeRows, challengeByCode, markChallengeAway } from './challenge-rows.ts';
import type { GameStore } from './game-store.ts';
import { recordMatchStart } from './match-recorder.ts';
import { closeEntryRow, closeOrphanRows, insertEntryRow, stillActive } from './queue-rows.ts';
import { recordMatchResultWithRetry } from './record-with-retry.ts';
import {
  ownersOfOpenRows,
  settleAfterRestart,
  settleInterruptedMatches,
  walletInPlay,
} from './restart-settlement.ts';
import { interruptedMatchEntry, searchOutcome } from './search-outcome.ts';

/**
 * The game's store over Drizzle (PGlite or PostgreSQL): the row files of this folder bound to one database.
 * The database is the judge of each search's fate (queue-rows.ts): its one-live-stake index and its
 * conditional updates decide every race, across processes and nodes alike.
 */
export function createDrizzleGameStore(deps: { db: Database; clock: Clock }): GameStore {
  const { db, clock } = deps;
  return {
    insertSearch: (row, tx = db) => insertEntryRow(tx, row),

    async removeUnqueuedSearch(id) {
      await db.delete(queueSessions).where(eq(queueSessions.id, id));
    },

    closeSearch: (entry, status, owed) =>
      db.transaction(async (tx) => {
        if (!(await closeEntryRow(tx, clock.now(), entry, status))) return false;
        await owed?.(tx, entry);
        return true;
      }),

    async matchPair(pair, gameId, started) {
      const [first, second] = pair;
      try {
        return await db.transaction(async (tx) => {
          const a = await closeEntryRow(tx, clock.now(), first, 'matched', gameId);
          const b = await closeEntryRow(tx, clock.now(), second, 'matched', gameId);
          if (!(a && b)) tx.rollback();
          await started?.(tx, pair);
          return true;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      }
    },

    stillActive: (ids) => stillActive(db, ids),

    closeOrphans: (scope, tx = db) => closeOrphanRows(tx, new Date(clock.now()), scope),

    acceptChallenge: (nodeId, request) => acceptChallengeRows(db, clock, nodeId, request),

    challengeByCode: (code) => challengeByCode(db, code),

    markChallengeAway: (entryId, at) => markChallengeAway(db, entryId, at),

    recordStart: (tx, start) => recordMatchStart(tx, start),

    recordResult: (result, start, options) => recordMatchResultWithRetry(db, result, start, options),

    settleInterrupted: (starts, money, at) => settleInterruptedMatches(db, starts, money, at),

    settleOpen: (matchmaker, money, at, scope, settledBy) =>
      settleAfterRestart(db, matchmaker, money, at, scope, settledBy),

    refundUnusedEntry: (money, entry, at) => db.transaction((tx) => money.refundUnusedEntry(tx, entry, at)),

    walletInPlay: (walletAddress) => walletInPlay(db, walletAddress),

    ownersOfOpenRows: () => ownersOfOpenRows(db),

    searchOutcome: (walletAddress, ref) => searchOutcome(db, walletAddress, ref),
    interruptedMatchEntry: (walletAddress, gameId) => interruptedMatchEntry(db, walletAddress, gameId),
  };
}
