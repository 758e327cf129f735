import { eq } from 'drizzle-orm';
import type { WalletAnalytics as WalletAnalyticsView } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { walletAnalytics } from '../../db/schema/index.ts';
import { iso, isoOrNull, lamportsText, sol } from '../queries/json-values.ts';

export type { WalletAnalyticsView };

/** The stored row, or null for a wallet never refreshed. */
export async function readWalletAnalytics(
  db: Database,
  walletAddress: string,
): Promise<WalletAnalyticsView | null> {
  const [row] = await db
    .select()
    .from(walletAnalytics)
    .where(eq(walletAnalytics.walletAddress, walletAddress));
  if (!row) return null;
  return {
    walletAddress: row.walletAddress,
    totalGames: row.totalGames,
    totalWins: row.totalWins,
    totalLosses: row.totalLosses,
    winRate: row.winRate,
    totalWagered: sol(row.totalWageredLamports),
    totalWageredLamports: lamportsText(row.totalWageredLamports),
    totalWon: sol(row.totalWonLamports),
    totalWonLamports: lamportsText(row.totalWonLamports),
    totalLost: sol(row.totalLostLamports),
    totalLostLamports: lamportsText(row.totalLostLamports),
    profitLoss: sol(row.profitLossLamports),
    profitLossLamports: lamportsText(row.profitLossLamports),
    averageGameDuration: row.averageGameDurationMs,
    favoriteMode: row.favoriteMode,
    longestWinStreak: row.longestWinStreak,
    currentWinStreak: row.currentWinStreak,
    riskScore: row.riskScore,
    isFlagged: row.isFlagged,
    flagReason: row.flagReason,
    firstGameAt: isoOrNull(row.firstGameAt),
    lastGameAt: isoOrNull(row.lastGameAt),
    uniqueIpCount: row.uniqueIpCount,
    mostUsedIp: row.mostUsedIp,
    suspiciousPatterns: row.suspiciousPatterns,
    updatedAt: iso(row.updatedAt),
  };
}
