import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { ipAddresses, walletIpAssociations } from '../db/schema/index.ts';
import type { TrackingBatch } from './tracking-batch.ts';

/**
 * One batch as two multi-row upserts (ON CONFLICT on the unique address and the unique pair), so counts
 * add up whichever process or flush wrote first. Rows go in key order: two servers flushing overlapping
 * batches lock the same rows in the same order and cannot deadlock.
 */
export async function writeTrackingBatch(
  db: Database,
  batch: TrackingBatch,
  countryOf: (ip: string) => string | null,
): Promise<void> {
  const ips = [...batch.ips.values()].sort((a, b) => (a.ipAddress < b.ipAddress ? -1 : 1));
  const pairs = [...batch.pairs.values()].sort((a, b) =>
    a.walletAddress === b.walletAddress
      ? a.ipAddress < b.ipAddress
        ? -1
        : 1
      : a.walletAddress < b.walletAddress
        ? -1
        : 1,
  );
  await db.transaction(async (tx) => {
    if (ips.length > 0) {
      await tx
        .insert(ipAddresses)
        .values(
          ips.map((ip) => ({
            ipAddress: ip.ipAddress,
            country: countryOf(ip.ipAddress),
            totalConnections: ip.connections,
            requestCount: ip.requests,
            firstSeen: new Date(ip.firstAt),
            lastSeen: new Date(ip.lastAt),
          })),
        )
        .onConflictDoUpdate({
          target: ipAddresses.ipAddress,
          set: {
            country: sql`coalesce(excluded.country, ${ipAddresses.country})`,
            totalConnections: sql`${ipAddresses.totalConnections} + excluded.total_connections`,
            requestCount: sql`${ipAddresses.requestCount} + excluded.request_count`,
            firstSeen: sql`least(${ipAddresses.firstSeen}, excluded.first_seen)`,
            lastSeen: sql`greatest(${ipAddresses.lastSeen}, excluded.last_seen)`,
          },
        });
    }
    if (pairs.length > 0) {
      await tx
        .insert(walletIpAssociations)
        .values(
          pairs.map((pair) => ({
            walletAddress: pair.walletAddress,
            ipAddress: pair.ipAddress,
            connectionCount: pair.connections,
            totalGamesPlayed: pair.gamesPlayed,
            firstSeenTogether: new Date(pair.firstAt),
            lastSeenTogether: new Date(pair.lastAt),
          })),
        )
        .onConflictDoUpdate({
          target: [walletIpAssociations.walletAddress, walletIpAssociations.ipAddress],
          set: {
            connectionCount: sql`${walletIpAssociations.connectionCount} + excluded.connection_count`,
            totalGamesPlayed: sql`${walletIpAssociations.totalGamesPlayed} + excluded.total_games_played`,
            firstSeenTogether: sql`least(${walletIpAssociations.firstSeenTogether}, excluded.first_seen_together)`,
            lastSeenTogether: sql`greatest(${walletIpAssociations.lastSeenTogether}, excluded.last_seen_together)`,
          },
        });
    }
  });
}
