import { and, eq, type SQL, sql } from 'drizzle-orm';
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
import { matchesParts, searchTerm } from './search-term.ts';

export type { AdminIpRow };

export interface IpListRequest extends PageRequest {
  /** 4+ characters of an address: its start, its end, or the shortened form. */
  search?: string | null;
  /** Only banned addresses. */
  bannedOnly?: boolean;
}

/** Addresses seen, newest first by first sighting; keyset-paginated on (first_seen, id). */
export async function listIps(db: Database, request: IpListRequest = {}): Promise<Page<AdminIpRow>> {
  const limit = pageLimit(request.limit);
  const rows = await ipsQuery(db, request, limit);
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

/** The statement the list runs (the search tests read its plan). */
export const ipsListStatement = (db: Database, request: IpListRequest = {}): SQL =>
  ipsQuery(db, request, pageLimit(request.limit)).getSQL();

function ipsQuery(db: Database, request: IpListRequest, limit: number) {
  const term = searchTerm(request.search);
  return db
    .select({
      ip: ipAddresses,
      // Qualified by hand: Drizzle leaves columns of a one-table select unqualified, which a subquery would rebind.
      walletCount: sql<number>`(SELECT count(*)::int FROM wallet_ip_associations a WHERE a.ip_address = ip_addresses.ip_address)`,
      cursorAt: cursorText(ipAddresses.firstSeen),
    })
    .from(ipAddresses)
    .where(
      and(
        term ? matchesParts('ip_addresses.ip_address', term.parts) : undefined,
        request.bannedOnly ? eq(ipAddresses.isBanned, true) : undefined,
        afterCursor(request.cursor, ipAddresses.firstSeen, ipAddresses.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(ipAddresses.firstSeen, ipAddresses.id))
    .limit(limit + 1);
}
