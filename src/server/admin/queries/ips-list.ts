import { and, eq, sql } from 'drizzle-orm';
import type { AdminIpRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { ipAddresses } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso, isoOrNull } from './json-values.ts';

export type { AdminIpRow };

export interface IpListRequest extends PageRequest {
  /** One exact address. */
  search?: string | null;
  /** Only banned addresses. */
  bannedOnly?: boolean;
}

/** Addresses seen, newest first by first sighting; keyset-paginated on (first_seen, id). */
export async function listIps(db: Database, request: IpListRequest = {}): Promise<Page<AdminIpRow>> {
  const limit = pageLimit(request.limit);
  const search = request.search?.trim();
  const rows = await db
    .select({
      ip: ipAddresses,
      // Qualified by hand: Drizzle leaves columns of a one-table select unqualified, which a subquery would rebind.
      walletCount: sql<number>`(SELECT count(*)::int FROM wallet_ip_associations a WHERE a.ip_address = ip_addresses.ip_address)`,
      cursorAt: cursorText(ipAddresses.firstSeen),
    })
    .from(ipAddresses)
    .where(
      and(
        search ? eq(ipAddresses.ipAddress, search) : undefined,
        request.bannedOnly ? eq(ipAddresses.isBanned, true) : undefined,
        afterCursor(request.cursor, ipAddresses.firstSeen, ipAddresses.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(ipAddresses.firstSeen, ipAddresses.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.ip.id,
    ({ ip, walletCount }) => ({
      id: ip.id,
      ipAddress: ip.ipAddress,
      country: ip.country,
      region: ip.region,
      city: ip.city,
      totalConnections: ip.totalConnections,
      requestCount: ip.requestCount,
      isBanned: ip.isBanned,
      bannedReason: ip.bannedReason,
      bannedBy: ip.bannedBy,
      bannedAt: isoOrNull(ip.bannedAt),
      firstSeen: iso(ip.firstSeen),
      lastSeen: iso(ip.lastSeen),
      walletCount: Number(walletCount),
    }),
  );
}
