import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getGameMode } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { gameSessions, games } from '../../db/schema/index.ts';
import type { WalletAnalytics } from '../analytics-port.ts';
import type { MatchResult } from '../match/match-types.ts';
import type { QueueEntry } from '../queue-entry.ts';
import { releaseStakes } from './queue-rows.ts';

/** A match as it starts: the row that says a game is under way, so a restart can settle it. */
export interface MatchStart {
  id: string;
  entries: readonly [QueueEntry, QueueEntry];
  seedHash: string;
  startedAt: number;
  /** The game node running it (NODE_ID), if known; written on the game session row. */
  nodeId?: string | null;
}

/**
 * Extra writes that must commit with the result (the ledger's payout job). They run inside the same
 * database transaction; if one throws, nothing of the result is written.
 */
export type ResultHook = (tx: Database, result: MatchResult, start: MatchStart) => Promise<void>;

/** A digest of what decides the match, so a row edited afterwards no longer matches its checksum. */
export function serverChecksum(result: MatchResult): string {
  const decided = {
    id: result.id,
    mode: result.mode,
    wallets: result.seats.map((s) => s.walletAddress),
    seed: result.record.seed,
    generator: result.record.generator,
    countdownSeconds: result.record.countdownSeconds,
    inputs: result.record.inputs,
    forfeit: result.record.forfeit ?? null,
    scores: result.scores,
    winner: result.winner,
  };
  return createHash('sha256').update(JSON.stringify(decided)).digest('hex');
}

/** The game session row, written as the match starts (status 'playing'). */
export async function recordMatchStart(db: Database, start: MatchStart): Promise<void> {
  const [a, b] = start.entries;
  const mode = getGameMode(a.mode);
  await db.insert(gameSessions).values({
    id: start.id,
    gameType: a.mode,
    status: 'playing',
    player1Id: a.player.playerSessionId,
    player2Id: b.player.playerSessionId,
    player1Wallet: a.player.walletAddress,
    player2Wallet: b.player.walletAddress,
    startTime: new Date(start.startedAt),
    wagerLamports: mode.wagerLamports,
    winLamports: mode.winLamports,
    feeLamports: mode.feeLamports ?? 0n,
    nodeId: start.nodeId ?? null,
  });
}

/**
 * Writes a finished match in one database transaction: the game audit row, the
 * game session's end, and whatever the hooks owe (the payout job), all or nothing.
 */
export async function recordMatchResult(
  db: Database,
  analytics: WalletAnalytics,
  result: MatchResult,
  start: MatchStart,
  hooks: readonly ResultHook[] = [],
  connectionQuality: readonly [string | null, string | null] = [null, null],
): Promise<void> {
  const [a, b] = start.entries;
  const [s1, s2] = result.seats;
  const mode = getGameMode(result.mode);
  const winnerWallet = result.seats[result.winner].walletAddress;
  await db.transaction(async (tx) => {
    await tx.insert(games).values({
      id: result.id,
      mode: result.mode,
      state: 'gameOver',
      player1Wallet: s1.walletAddress,
      player2Wallet: s2.walletAddress,
      player1DisplayName: s1.displayName,
      player2DisplayName: s2.displayName,
      createdAt: new Date(result.startedAt),
      startedAt: new Date(result.startedAt),
      endedAt: new Date(result.endedAt),
      durationMs: Math.round(result.durationMs),
      winner: winnerWallet,
      finalScore: `${result.scores[0]}-${result.scores[1]}`,
      player1Score: result.scores[0],
      player2Score: result.scores[1],
      completionStatus: result.completionStatus,
      disconnectCount: result.disconnectCounts[0] + result.disconnectCounts[1],
      entryFeeLamports: mode.wagerLamports,
      player1EntryTransactionId: a.paid?.transactionId ?? null,
      player1EntrySignature: a.paid?.signature ?? null,
      player2EntryTransactionId: b.paid?.transactionId ?? null,
      player2EntrySignature: b.paid?.signature ?? null,
      winnerPayoutLamports: mode.wagerLamports > 0n ? mode.winLamports : null,
      gameStateSnapshots: result.snapshots,
      ballHits: result.stats.ballHits,
      rallyCount: result.stats.rallyCount,
      maxBallSpeed: result.stats.maxBallSpeed,
      player1Ip: s1.ip,
      player2Ip: s2.ip,
      player1UserAgent: s1.userAgent,
      player2UserAgent: s2.userAgent,
      player1ConnectionQuality: connectionQuality[0],
      player2ConnectionQuality: connectionQuality[1],
      serverChecksum: serverChecksum(result),
      rngSeed: result.record.seed,
      rngSeedHash: start.seedHash,
      recordedInputs: {
        ...result.record,
        end: result.end,
        ticks: result.ticks,
        connectionLog: result.connectionLog,
      },
    });
    await tx
      .update(gameSessions)
      .set({
        status: result.completionStatus === 'forfeited' ? 'interrupted' : 'completed',
        outcome: result.winner === 0 ? 'player1_win' : 'player2_win',
        score1: result.scores[0],
        score2: result.scores[1],
        endTime: new Date(result.endedAt),
        winnerId: winnerWallet,
        updatedAt: new Date(result.endedAt),
      })
      .where(eq(gameSessions.id, result.id));
    await releaseStakes(tx, [result.id]);
    for (const hook of hooks) await hook(tx, result, start);
    // The admin's wallet analytics move with the result, in its transaction.
    await analytics.walletsChanged(tx, [s1.walletAddress, s2.walletAddress]);
  });
}
