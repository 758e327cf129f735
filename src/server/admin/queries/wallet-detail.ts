import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { bannedWallets, flaggedWallets } from '../../db/schema/index.ts';
import { refreshWalletAnalytics } from '../analytics/refresh-wallet-analytics.ts';
import { readWalletAnalytics, type WalletAnalyticsView } from '../analytics/wallet-analytics-view.ts';
import { ipsOfWallet, type WalletIpRow } from './associations.ts';
import type { Page } from './cursor.ts';
import { type AdminFlaggedWalletRow, flaggedWalletView } from './flagged-wallets-list.ts';
import { type AdminGameRow, listGames } from './games-list.ts';
import { iso, isoOrNull } from './json-values.ts';

/** One wallet for the back-office: its analytics, ban and flag, the IPs it used and its latest games. */
export interface WalletDetail {
  walletAddress: string;
  isBanned: boolean;
  ban: {
    bannedAt: string;
    bannedBy: string | null;
    reason: string | null;
    ipAddressAtBan: string | null;
    unbannedAt: string | null;
    unbannedBy: string | null;
    unbannedReason: string | null;
  } | null;
  /** The active flag, if any. */
  flag: AdminFlaggedWalletRow | null;
  analytics: WalletAnalyticsView;
  /** The first page; more through ipsOfWallet with its cursor. */
  ips: Page<WalletIpRow>;
  /** The first page; more through listGames with `search` = the wallet. */
  games: Page<AdminGameRow>;
}

/**
 * Recomputes the wallet's analytics first (cheap, and IP tracking may have added associations since the last
 * game or payment), so the detail is always current.
 */
export async function walletDetail(
  db: Database,
  walletAddress: string,
  pageSizes: { ips?: number; games?: number } = {},
): Promise<WalletDetail> {
  await refreshWalletAnalytics(db, [walletAddress]);
  const [analytics, [ban], [flag], ips, games] = await Promise.all([
    readWalletAnalytics(db, walletAddress),
    db.select().from(bannedWallets).where(eq(bannedWallets.walletAddress, walletAddress)),
    db
      .select()
      .from(flaggedWallets)
      .where(and(eq(flaggedWallets.walletAddress, walletAddress), eq(flaggedWallets.isActive, true)))
      .orderBy(desc(flaggedWallets.flaggedAt)),
    ipsOfWallet(db, walletAddress, { limit: pageSizes.ips ?? 50 }),
    listGames(db, { search: walletAddress, limit: pageSizes.games ?? 20 }),
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
  };
}
