import { eq, inArray } from 'drizzle-orm';
import { getGameMode } from '../../common/game-modes.ts';
import { CANCEL_REFUND_PERCENT, FULL_REFUND_PERCENT, refundOf } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import type { RefundReason } from '../db/schema/enums.ts';
import { queueSessions, transactions } from '../db/schema/index.ts';
import type { OrphanedEntry } from '../game/game-ports.ts';
import type { MatchResult } from '../game/match/match-types.ts';
import type { QueueEntry } from '../game/matchmaker.ts';
import type { MatchStart } from '../game/store/match-recorder.ts';
import { owePayment } from './payout/owe-payment.ts';
import { sweepUnusedEntryFees } from './payout/unused-entry-sweep.ts';

/** Why a paid search ended without a match, and what that returns (SPEC §1: a cancel refunds 97%). */
export type EntryCloseReason =
  | 'player_cancel'
  | 'player_disconnect'
  | 'banned'
  | 'restart'
  | 'challenge_expired'
  | 'self_protection';

const REFUND_TERMS: Record<EntryCloseReason, { percent: bigint; reason: RefundReason }> = {
  // The player chose to leave: 3% is retained, as the terms say.
  player_cancel: { percent: CANCEL_REFUND_PERCENT, reason: 'cancelled_search' },
  player_disconnect: { percent: CANCEL_REFUND_PERCENT, reason: 'player_disconnect' },
  // The operator ended the search: nothing is retained.
  banned: { percent: FULL_REFUND_PERCENT, reason: 'admin_initiated' },
  restart: { percent: FULL_REFUND_PERCENT, reason: 'system_error' },
  // Nobody accepted the challenge in time: the player did not choose to leave, nothing is retained.
  challenge_expired: { percent: FULL_REFUND_PERCENT, reason: 'timeout' },
  // The player used a protection the operator must honour (a self-exclusion, a lower loss limit): they did not
  // abandon a game, so nothing is retained. SPEC §4's list of refund reasons is fixed: the search was cancelled,
  // and its refund_percentage of 100 says it came back in full.
  self_protection: { percent: FULL_REFUND_PERCENT, reason: 'cancelled_search' },
};

/**
 * The money side of the game layer, run inside the database transactions that close an entry or record a
 * result, so a debt exists if and only if what owes it was written (ARCHITECTURE invariant 3).
 */
export function createMatchMoney({ houseWallet }: { houseWallet: string }) {
  const commission = async (
    tx: Database,
    row: {
      amountLamports: bigint;
      at: Date;
      gameId?: string;
      reason?: RefundReason;
      entryTransactionId?: string;
    },
    mode: string,
  ) => {
    if (row.amountLamports <= 0n) return;
    await tx.insert(transactions).values({
      type: 'commission',
      walletAddress: houseWallet,
      amountLamports: row.amountLamports,
      status: 'confirmed',
      createdAt: row.at,
      updatedAt: row.at,
      confirmedAt: row.at,
      gameMode: mode as never,
      gameId: row.gameId ?? null,
      reason: row.reason ?? null,
      originalTransactionId: row.entryTransactionId ?? null,
    });
  };

  return {
    /**
     * Entries a previous run left open, and entries of matches that were under way when it stopped: the
     * operator's technical failure, so each paid entry is refunded in full (SPEC §1).
     */
    async recoverOrphans(tx: Database, orphans: OrphanedEntry[], at: Date): Promise<void> {
      const paid = orphans.filter((o): o is OrphanedEntry & { entryTransactionId: string } =>
        Boolean(o.entryTransactionId),
      );
      if (paid.length === 0) return;
      const entries = await tx
        .select({ id: transactions.id, amount: transactions.amountLamports })
        .from(transactions)
        .where(
          inArray(
            transactions.id,
            paid.map((o) => o.entryTransactionId),
          ),
        );
      const amountOf = new Map(entries.map((e) => [e.id, e.amount]));
      for (const orphan of paid) {
        const amount = amountOf.get(orphan.entryTransactionId);
        if (!amount) continue;
        await owePayment(
          tx,
          {
            kind: 'refund',
            walletAddress: orphan.walletAddress,
            amountLamports: amount,
            reason: orphan.gameId ? 'game_error' : 'system_error',
            refundPercentage: 100,
            entryTransactionId: orphan.entryTransactionId,
            gameMode: orphan.mode,
            queueSessionId: orphan.queueSessionId,
            ...(orphan.gameId ? { gameId: orphan.gameId } : {}),
          },
          at,
        );
      }
    },

    /** A verified payment that could not become an entry (the wallet joined from another socket meanwhile). */
    async refundUnusedEntry(
      tx: Database,
      entry: { walletAddress: string; mode: QueueEntry['mode']; paid: NonNullable<QueueEntry['paid']> },
      at: Date,
    ): Promise<boolean> {
      // Never refund an entry fee that did become an entry (a second socket racing with the same payment).
      const [queued] = await tx
        .select({ id: queueSessions.id })
        .from(queueSessions)
        .where(eq(queueSessions.transactionId, entry.paid.transactionId));
      if (queued) return false;
      await owePayment(
        tx,
        {
          kind: 'refund',
          walletAddress: entry.walletAddress,
          amountLamports: entry.paid.lamports,
          reason: 'system_error',
          refundPercentage: 100,
          entryTransactionId: entry.paid.transactionId,
          gameMode: entry.mode,
        },
        at,
      );
      return true;
    },

    /**
     * Entry fees recorded before `olderThan` that no search, match, refund or kept share accounts for (the
     * process stopped between verifying and queueing, say): each refunded in full, once, with a system
     * event. The same pass the running sweeper makes (unused-entry-sweep.ts); at restart, in its transaction.
     */
    sweepUnusedEntries(tx: Database, olderThan: Date, at: Date): Promise<number> {
      return sweepUnusedEntryFees(tx, { dueBy: new Date(olderThan.getTime() - 1), at });
    },

    /** A paid entry closed without a match: refund its share and record what the house keeps. */
    async entryClosed(tx: Database, entry: QueueEntry, why: EntryCloseReason, at: Date): Promise<void> {
      if (!entry.paid) return;
      const terms = REFUND_TERMS[why];
      const refund = refundOf(entry.paid.lamports, terms.percent);
      await owePayment(
        tx,
        {
          kind: 'refund',
          walletAddress: entry.player.walletAddress,
          amountLamports: refund,
          reason: terms.reason,
          refundPercentage: Number(terms.percent),
          entryTransactionId: entry.paid.transactionId,
          gameMode: entry.mode,
          queueSessionId: entry.id,
        },
        at,
      );
      await commission(
        tx,
        {
          amountLamports: entry.paid.lamports - refund,
          at,
          reason: terms.reason,
          entryTransactionId: entry.paid.transactionId,
        },
        entry.mode,
      );
    },

    /** A paid match ended: the winner is owed 1.5× the entry; the house records its commission. */
    async matchEnded(tx: Database, result: MatchResult, start: MatchStart): Promise<void> {
      const mode = getGameMode(result.mode);
      if (mode.wagerLamports === 0n || start.entries.some((e) => !e.paid)) return;
      const winner = start.entries[result.winner];
      const loser = start.entries[result.winner === 0 ? 1 : 0];
      const at = new Date(result.endedAt);
      await owePayment(
        tx,
        {
          kind: 'winner_payout',
          walletAddress: winner.player.walletAddress,
          amountLamports: mode.winLamports,
          gameId: result.id,
          gameMode: mode.id,
          opponentAddress: loser.player.walletAddress,
          score: `${result.scores[0]}-${result.scores[1]}`,
        },
        at,
      );
      const paidIn = start.entries.reduce((sum, e) => sum + (e.paid?.lamports ?? 0n), 0n);
      await commission(tx, { amountLamports: paidIn - mode.winLamports, at, gameId: result.id }, mode.id);
    },
  };
}

export type MatchMoney = ReturnType<typeof createMatchMoney>;
