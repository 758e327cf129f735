import { and, desc, eq } from 'drizzle-orm';
import type { WalletDetail } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { bannedWallets, flaggedWallets } from '../../db/schema/index.ts';
import { refreshWalletAnalytics } from '../analytics/refresh-wallet-analytics.ts';
import { readWalletAnalytics } from '../analytics/wallet-analytics-view.ts';
import { ipsOfWallet } from './associations.ts';
import { flaggedWalletView } from './flagged-wallets-list.ts';
import { listGames } from './games-list.ts';
import { iso, isoOrNull } from './json-values.ts';
import { walletLimits } from './wallet-limits.ts';
import { walletMoneyTotals } from './wallet-money.ts';

export type { WalletDetail };

/**
 * Recomputes the wallet's analytics first (cheap, and IP tracking may have added associations since the last
 * game or payment), so the detail is always current.
 */
export async function walletDetail(
  db: Database,
  walletAddress: string,
  pageSizes: { ips?: number; games?: number } = {},
  now: number = Date.now(),
): Promise<WalletDetail> {
  await refreshWalletAnalytics(db, [walletAddress]);
  const [analytics, [ban], [flag], ips, games, limits, money] = await Promise.all([
    readWalletAnalytics(db, walletAddress),
    db.select().from(bannedWallets).where(eq(bannedWallets.walletAddress, walletAddress)),
    db
      .select()
      .from(flaggedWallets)
      .where(and(eq(flaggedWallets.walletAddress, walletAddress), eq(flaggedWallets.isActive, true)))
      .orderBy(desc(flaggedWallets.flaggedAt)),
    ipsOfWallet(db, walletAddress, { limit: pageSizes.ips ?? 50 }),
    listGames(db, { wallet: walletAddress, limit: pageSizes.games ?? 20 }),
    walletLimits(db, walletAddress, now),
    walletMoneyTotals(db, walletAddress),
  ]);
  if (!analytics) throw new Error(`wallet analytics for ${walletAddress} were not written`);
  return {
    walletAddress,
    isBanned: ban?.isBanned ?? false,
    ban: ban
      ? {
          bannedAt: iso(ban.bannedAt),
          bannedBy: ban.bannedBy,
          reason: ban.reason,
          ipAddressAtBan: ban.ipAddressAtBan,
          unbannedAt: isoOrNull(ban.unbannedAt),
          unbannedBy: ban.unbannedBy,
          unbannedReason: ban.unbannedReason,
        }
      : null,
    flag: flag ? flaggedWalletView(flag) : null,
    analytics,
    ips,
    games,
    limits,
    money,
  };
}
