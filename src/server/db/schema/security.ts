import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';
import { banHistoryActionEnum, banTargetKindEnum, systemEventSeverityEnum } from './enums.ts';
import { searchIndexes } from './search-indexes.ts';

/**
 * Bans, IP tracking and flags (SPEC §3 admin-side entities). A row stays after an unban, with who and why,
 * so the admin trail is never lost; `is_banned` says the current state.
 */
export const bannedWallets = pgTable('banned_wallets', {
  id: uuidPrimaryKey(),
  walletAddress: text('wallet_address').notNull().unique(),
  isBanned: boolean('is_banned').notNull().default(true),
  bannedAt: timestamptz('banned_at').notNull().defaultNow(),
  bannedBy: text('banned_by'),
  reason: text('reason'),
  ipAddressAtBan: text('ip_address_at_ban'),
  unbannedAt: timestamptz('unbanned_at'),
  unbannedBy: text('unbanned_by'),
  unbannedReason: text('unbanned_reason'),
  evidence: jsonb('evidence'),
});

export const ipAddresses = pgTable(
  'ip_addresses',
  {
    id: uuidPrimaryKey(),
    ipAddress: text('ip_address').notNull().unique(),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    isp: text('isp'),
    isVpn: boolean('is_vpn').notNull().default(false),
    isProxy: boolean('is_proxy').notNull().default(false),
    isTor: boolean('is_tor').notNull().default(false),
    riskScore: integer('risk_score'),
    totalConnections: integer('total_connections').notNull().default(0),
    requestCount: integer('request_count').notNull().default(0),
    isBanned: boolean('is_banned').notNull().default(false),
    bannedReason: text('banned_reason'),
    bannedBy: text('banned_by'),
    bannedAt: timestamptz('banned_at'),
    firstSeen: timestamptz('first_seen').notNull().defaultNow(),
    lastSeen: timestamptz('last_seen').notNull().defaultNow(),
  },
  // The admin search finds an address by its first or its last characters.
  (t) => [...searchIndexes('ip_addresses_ip', t.ipAddress)],
);

export const walletIpAssociations = pgTable(
  'wallet_ip_associations',
  {
    id: uuidPrimaryKey(),
    walletAddress: text('wallet_address').notNull(),
    ipAddress: text('ip_address').notNull(),
    firstSeenTogether: timestamptz('first_seen_together').notNull().defaultNow(),
    lastSeenTogether: timestamptz('last_seen_together').notNull().defaultNow(),
    connectionCount: integer('connection_count').notNull().default(1),
    totalGamesPlayed: integer('total_games_played').notNull().default(0),
    isSuspicious: boolean('is_suspicious').notNull().default(false),
    notes: text('notes'),
  },
  (t) => [
    // The pair key also serves "IPs of this wallet"; the admin's "wallets of this IP" needs its own index.
    unique('wallet_ip_associations_pair_unique').on(t.walletAddress, t.ipAddress),
    index('wallet_ip_associations_ip_idx').on(t.ipAddress),
  ],
);

export const flaggedWallets = pgTable('flagged_wallets', {
  id: uuidPrimaryKey(),
  walletAddress: text('wallet_address').notNull().unique(),
  flaggedAt: timestamptz('flagged_at').notNull().defaultNow(),
  flaggedBy: text('flagged_by'),
  reason: text('reason'),
  severity: text('severity').notNull().default('medium'),
  evidence: jsonb('evidence'),
  isActive: boolean('is_active').notNull().default(true),
  resolvedAt: timestamptz('resolved_at'),
  resolvedBy: text('resolved_by'),
  resolutionNotes: text('resolution_notes'),
});

export const systemEvents = pgTable(
  'system_events',
  {
    id: uuidPrimaryKey(),
    createdAt: createdAt(),
    severity: systemEventSeverityEnum('severity').notNull(),
    eventType: text('event_type').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolutionNotes: text('resolution_notes'),
  },
  (t) => [
    index('system_events_created_at_idx').on(t.createdAt.desc()),
    index('system_events_severity_created_at_idx').on(t.severity, t.createdAt.desc()),
    // The type filter, and the distinct types it offers.
    index('system_events_type_created_at_idx').on(t.eventType, t.createdAt.desc()),
    // The unresolved counts: only what an operator triages (warning or worse) and nobody has resolved.
    index('system_events_unresolved_idx')
      .on(t.severity)
      .where(sql`${t.resolvedAt} IS NULL AND ${t.severity} <> 'other'`),
  ],
);

/**
 * Every ban and unban of a wallet or an IP, appended in the same transaction as the ban change
 * (security/bans.ts) and never updated: `banned_wallets` and `ip_addresses` hold only the current state.
 * `by` is an admin's e-mail or 'system'; `actor_ip` the address the admin acted from.
 */
export const banHistory = pgTable(
  'ban_history',
  {
    id: uuidPrimaryKey(),
    targetKind: banTargetKindEnum('target_kind').notNull(),
    target: text('target').notNull(),
    action: banHistoryActionEnum('action').notNull(),
    by: text('by').notNull(),
    reason: text('reason'),
    at: timestamptz('at').notNull().defaultNow(),
    actorIp: text('actor_ip'),
  },
  (t) => [index('ban_history_target_at_idx').on(t.targetKind, t.target, t.at.desc(), t.id.desc())],
);
