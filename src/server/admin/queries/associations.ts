import { and, eq, sql } from 'drizzle-orm';
import type { AssociationFields, IpWalletRow, WalletIpRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { walletIpAssociations } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso } from './json-values.ts';

export type { IpWalletRow, WalletIpRow };

type AssociationRow = typeof walletIpAssociations.$inferSelect;

function shared(a: AssociationRow): AssociationFields {
  return {
    firstSeenTogether: iso(a.firstSeenTogether),
    lastSeenTogether: iso(a.lastSeenTogether),
    connectionCount: a.connectionCount,
    totalGamesPlayed: a.totalGamesPlayed,
    isSuspicious: a.isSuspicious,
    notes: a.notes,
  };
}

const a = walletIpAssociations;
const order = newestFirst(a.firstSeenTogether, a.id);

/** The addresses a wallet was seen from, newest pair first; keyset-paginated on (first seen together, id). */
export async function ipsOfWallet(
  db: Database,
  walletAddress: string,
  request: PageRequest = {},
): Promise<Page<WalletIpRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({
      association: a,
      // Qualified by hand: Drizzle leaves columns of a one-table select unqualified, which a subquery would rebind.
      country: sql<
        string | null
      >`(SELECT i.country FROM ip_addresses i WHERE i.ip_address = wallet_ip_associations.ip_address)`,
      isBanned: sql<boolean>`EXISTS (SELECT 1 FROM ip_addresses i WHERE i.ip_address = wallet_ip_associations.ip_address AND i.is_banned)`,
      cursorAt: cursorText(a.firstSeenTogether),
    })
    .from(a)
    .where(
      and(eq(a.walletAddress, walletAddress), afterCursor(request.cursor, a.firstSeenTogether, a.id, 'uuid')),
    )
    .orderBy(...order)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.association.id,
    (row) => ({
      ipAddress: row.association.ipAddress,
      country: row.country,
      isBanned: row.isBanned === true,
      ...shared(row.association),
    }),
  );
}

/** The wallets seen from an address, newest pair first; keyset-paginated on (first seen together, id). */
export async function walletsOfIp(
  db: Database,
  ipAddress: string,
  request: PageRequest = {},
): Promise<Page<IpWalletRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({
      association: a,
      isBanned: sql<boolean>`EXISTS (SELECT 1 FROM banned_wallets b WHERE b.wallet_address = wallet_ip_associations.wallet_address AND b.is_banned)`,
      cursorAt: cursorText(a.firstSeenTogether),
    })
    .from(a)
    .where(and(eq(a.ipAddress, ipAddress), afterCursor(request.cursor, a.firstSeenTogether, a.id, 'uuid')))
    .orderBy(...order)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.association.id,
    (row) => ({
      walletAddress: row.association.walletAddress,
      isBanned: row.isBanned === true,
      ...shared(row.association),
    }),
  );
}
