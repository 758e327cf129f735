import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { gameSessions, games, queueSessions, transactions } from '../../db/schema/index.ts';
import type { MatchStart } from './match-recorder.ts';

/**
 * The game audit row of a match interrupted by a stop (SPEC §3 game audit, completion status
 * 'interrupted'): a match's row is written when it ends, so one under way at a crash or a shutdown had
 * none, and the admin's Games tab would not show a game whose entries were refunded. Written in the
 * settlement's own transaction, from the rows that survive a crash (the game session, the queue entries
 * matched to it and their entry fees); no winner, no score. Each seat's refund amount is the entry it
 * paid, refunded in full by the same settlement; the refund's transaction and signature are filled in when
 * the chain confirms it, by the settlement audit (ledger/payout/game-settlement-audit.ts), as for any game.
 * A row that already exists is left as it is, so settling twice writes nothing more.
 */
export async function recordInterruptedGames(
  tx: Database,
  gameIds: readonly string[],
  at: Date,
  /** What this process still knows of matches it stopped itself (names, addresses, the seed's hash). */
  starts: readonly MatchStart[] = [],
): Promise<void> {
  if (gameIds.length === 0) return;
  const sessions = await tx
    .select()
    .from(gameSessions)
    .where(inArray(gameSessions.id, [...gameIds]));
  const paid = await tx
    .select({
      gameId: queueSessions.resultingGameId,
      walletAddress: queueSessions.walletAddress,
      transactionId: transactions.id,
      signature: transactions.transactionSignature,
      lamports: transactions.amountLamports,
    })
    .from(queueSessions)
    .innerJoin(transactions, eq(transactions.id, queueSessions.transactionId))
    .where(inArray(queueSessions.resultingGameId, [...gameIds]));
  for (const session of sessions) {
    const start = starts.find((s) => s.id === session.id);
    const seat = (wallet: string) => {
      const entry = paid.find((p) => p.gameId === session.id && p.walletAddress === wallet);
      const player = start?.entries.find((e) => e.player.walletAddress === wallet)?.player;
      return { entry, player };
    };
    const [one, two] = [seat(session.player1Wallet), seat(session.player2Wallet)];
    const startedAt = session.startTime ?? (start ? new Date(start.startedAt) : null);
    await tx
      .insert(games)
      .values({
        id: session.id,
        mode: session.gameType,
        state: 'gameOver',
        player1Wallet: session.player1Wallet,
        player2Wallet: session.player2Wallet,
        player1DisplayName: one.player?.displayName ?? null,
        player2DisplayName: two.player?.displayName ?? null,
        ...(startedAt ? { createdAt: startedAt } : {}),
        startedAt,
        endedAt: at,
        durationMs: startedAt ? Math.max(0, at.getTime() - startedAt.getTime()) : null,
        winner: null,
        completionStatus: 'interrupted',
        entryFeeLamports: session.wagerLamports,
        player1EntryTransactionId: one.entry?.transactionId ?? null,
        player1EntrySignature: one.entry?.signature ?? null,
        player2EntryTransactionId: two.entry?.transactionId ?? null,
        player2EntrySignature: two.entry?.signature ?? null,
        player1RefundLamports: one.entry?.lamports ?? null,
        player2RefundLamports: two.entry?.lamports ?? null,
        player1Ip: one.player?.ip ?? null,
        player2Ip: two.player?.ip ?? null,
        player1UserAgent: one.player?.userAgent ?? null,
        player2UserAgent: two.player?.userAgent ?? null,
        rngSeedHash: start?.seedHash ?? null,
      })
      .onConflictDoNothing({ target: games.id });
  }
}
