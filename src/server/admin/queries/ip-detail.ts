import { sql } from 'drizzle-orm';
import type { IpDetail } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { iso, isoOrNull } from './json-values.ts';

interface IpDetailRow extends Record<string, unknown> {
  id: string | null;
  ip_address: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  total_connections: number | null;
  request_count: number | null;
  is_banned: boolean | null;
  banned_reason: string | null;
  banned_by: string | null;
  banned_at: Date | string | null;
  first_seen: Date | string | null;
  last_seen: Date | string | null;
  wallets: number;
  banned_wallets: number;
  flagged_wallets: number;
  highest_risk: number | null;
  suspicious_links: number;
}

const at = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * One IP's page header: where it is, how often it was seen, its ban (who, when, why), and its wallets' risk
 * (how many, banned, flagged, the highest risk score, suspicious links). `seen` is false for an address the
 * server never recorded (a ban typed in ahead of any visit still shows).
 */
export async function ipDetail(db: Database, ip: string): Promise<IpDetail> {
  const result = await db.execute<IpDetailRow>(sql`
    SELECT i.id::text AS id, i.ip_address, i.country, i.region, i.city, i.total_connections, i.request_count,
           i.is_banned, i.banned_reason, i.banned_by, i.banned_at, i.first_seen, i.last_seen,
           (SELECT count(*)::int FROM wallet_ip_associations a WHERE a.ip_address = ${ip}) AS wallets,
           (SELECT count(*)::int FROM wallet_ip_associations a
             JOIN banned_wallets b ON b.wallet_address = a.wallet_address AND b.is_banned
             WHERE a.ip_address = ${ip}) AS banned_wallets,
           (SELECT count(*)::int FROM wallet_ip_associations a
             JOIN flagged_wallets f ON f.wallet_address = a.wallet_address AND f.is_active
             WHERE a.ip_address = ${ip}) AS flagged_wallets,
           (SELECT max(w.risk_score)::int FROM wallet_ip_associations a
             JOIN wallet_analytics w ON w.wallet_address = a.wallet_address
             WHERE a.ip_address = ${ip}) AS highest_risk,
           (SELECT count(*)::int FROM wallet_ip_associations a
             WHERE a.ip_address = ${ip} AND a.is_suspicious) AS suspicious_links
    FROM (SELECT 1) one
    LEFT JOIN ip_addresses i ON i.ip_address = ${ip}`);
  const row = result.rows[0];
  if (!row) throw new Error('the ip detail query returned no row');
  const bannedAt = at(row.banned_at);
  const [firstSeen, lastSeen] = [at(row.first_seen), at(row.last_seen)];
  return {
    ipAddress: ip,
    seen: row.id !== null,
    country: row.country,
    region: row.region,
    city: row.city,
    totalConnections: Number(row.total_connections ?? 0),
    requestCount: Number(row.request_count ?? 0),
    isBanned: row.is_banned === true,
    bannedReason: row.banned_reason,
    bannedBy: row.banned_by,
    bannedAt: isoOrNull(bannedAt),
    firstSeen: firstSeen ? iso(firstSeen) : null,
    lastSeen: lastSeen ? iso(lastSeen) : null,
    risk: {
      wallets: Number(row.wallets),
      bannedWallets: Number(row.banned_wallets),
      flaggedWallets: Number(row.flagged_wallets),
      highestRiskScore: row.highest_risk === null ? null : Number(row.highest_risk),
      suspiciousLinks: Number(row.suspicious_links),
    },
  };
}
