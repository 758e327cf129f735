import { z } from 'zod';
import { GENERATOR_VERSIONS } from '../game/generator-versions.ts';
import {
  adminFlaggedWalletRowSchema,
  adminGameRowSchema,
  walletBanFieldsSchema,
  walletIpRowSchema,
} from './admin-rows.ts';
import { secondFactorStageSchema } from './admin-two-factor.ts';
import { limitsViewSchema } from './player-limits-api.ts';
import { walletMoneyTotalsSchema } from './wallet-money.ts';
import { count, instant, lamportsText, pageOf, solNumber } from './wire-values.ts';

/** The admin API's single views (SPEC §7): the session, the stat cards, the Overview, a wallet, a replay. */

/** GET /api/admin/user: the session view (SPEC §7: role, currentIP). */
export const adminUserAnswerSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    role: z.string(),
    currentIP: z.string(),
  }),
});
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;
/**
 * GET /api/admin/session: whether this browser holds a signed-in session (past its second factor, if owed).
 * Always 200, so a signed-out visit to /admin asks it without a 401 the browser would log as an error; the
 * panel then reads /api/admin/user only when there is a session.
 */
export const adminSessionAnswerSchema = z.object({ signedIn: z.boolean() });
export type AdminSessionAnswer = z.infer<typeof adminSessionAnswerSchema>;

/** What the panel relies on: SPEC §7 promises the role; the rest is shown when present. */
export const adminUserReadSchema = z.object({
  user: adminUserAnswerSchema.shape.user.partial().required({ role: true }),
});
export type AdminUserRead = z.infer<typeof adminUserReadSchema>;

/**
 * POST /api/admin/login: the admin now signed in (the session cookie is set with this answer). With
 * `secondFactor` set the session is usable only for that step (admin-two-factor.ts's answers).
 */
export const adminLoginAnswerSchema = z.object({
  success: z.literal(true),
  user: z.object({ email: z.string(), username: z.string(), role: z.string() }),
  secondFactor: secondFactorStageSchema,
});
export type AdminLoginAnswer = z.infer<typeof adminLoginAnswerSchema>;

/** GET /api/admin/stats: SPEC §3 admin stats for the four stat cards, SOL as SPEC §5 shows it. */
export const adminStatsSchema = z.object({
  /** Confirmed entry fees, e.g. '0.05 SOL'. */
  totalVolume: z.string(),
  totalVolumeLamports: lamportsText,
  /** Every ledger row. */
  totalTransactions: count,
  /** Wallets with a ledger row or a recorded game (the Wallets tab's rows). */
  uniqueWallets: count,
  /** Confirmed winner payouts, e.g. '0.0375 SOL'. */
  totalPayouts: z.string(),
  totalPayoutsLamports: lamportsText,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One UTC day of the Overview charts: confirmed entry-fee volume (as the Total Volume card) and games. */
export const dailyActivitySchema = z.object({
  day: z.iso.date(),
  volumeSol: solNumber,
  volumeLamports: lamportsText,
  games: count,
});
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

/** The running game's figures: matches not over yet, sockets online, each mode's queue. */
export const liveStatsSchema = z.object({
  matches: count,
  playersOnline: count,
  queues: z.array(z.object({ mode: z.string(), waiting: count })),
});
export type LiveStats = z.infer<typeof liveStatsSchema>;

/**
 * The house's money from the ledger, all time, gross and net side by side: entry fees in; refunded and paid
 * out (confirmed transfers); owed (not sent yet, held included); kept (commission); live (fees of searches
 * and matches in play); net = in - refunded - paid out, which is kept + owed + live when every entry is
 * accounted for.
 */
export const houseMoneySchema = z.object({
  volumeInLamports: lamportsText,
  refundedLamports: lamportsText,
  paidOutLamports: lamportsText,
  owedLamports: lamportsText,
  keptLamports: lamportsText,
  liveLamports: lamportsText,
  netLamports: lamportsText,
});
export type HouseMoney = z.infer<typeof houseMoneySchema>;

/** GET /api/admin/overview: activity per day, the live game, what needs attention, the house wallet. */
export const adminOverviewSchema = z.object({
  daily: z.array(dailyActivitySchema),
  live: liveStatsSchema,
  unresolvedCriticalEvents: count,
  houseWallet: z.object({
    address: z.string(),
    /** Null when the chain could not be read: the overview still answers. */
    balanceSol: solNumber.nullable(),
    balanceLamports: lamportsText.nullable(),
    floorSol: solNumber,
  }),
  lastReconciliation: z.object({ at: instant, ok: z.boolean(), summary: z.string() }).nullable(),
  money: houseMoneySchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** SPEC §3 wallet analytics: SOL numbers with the exact lamports beside. */
export const walletAnalyticsSchema = z.object({
  walletAddress: z.string(),
  totalGames: count,
  totalWins: count,
  totalLosses: count,
  /** 0 to 1. */
  winRate: z.number().min(0).max(1),
  totalWagered: solNumber,
  totalWageredLamports: lamportsText,
  totalWon: solNumber,
  totalWonLamports: lamportsText,
  totalLost: solNumber,
  totalLostLamports: lamportsText,
  profitLoss: solNumber,
  profitLossLamports: lamportsText,
  /** Milliseconds. */
  averageGameDuration: z.number().nullable(),
  favoriteMode: z.string().nullable(),
  longestWinStreak: count,
  currentWinStreak: count,
  riskScore: z.number().nullable(),
  isFlagged: z.boolean(),
  flagReason: z.string().nullable(),
  firstGameAt: instant.nullable(),
  lastGameAt: instant.nullable(),
  uniqueIpCount: count,
  mostUsedIp: z.string().nullable(),
  suspiciousPatterns: z.unknown(),
  updatedAt: instant,
});
export type WalletAnalytics = z.infer<typeof walletAnalyticsSchema>;

/** A wallet's self-exclusion and loss limits as the back-office shows them, with the record of changes. */
export const walletLimitsSchema = limitsViewSchema.extend({
  changes: z.array(
    z.object({
      kind: z.enum(['self_exclusion', 'daily_loss_limit', 'weekly_loss_limit']),
      /** A loss limit asked for; null removes it (or: an exclusion). */
      lamports: lamportsText.nullable(),
      /** An exclusion's end; null with kind self_exclusion: permanent. */
      excludedUntil: instant.nullable(),
      requestedAt: instant,
      effectiveAt: instant,
    }),
  ),
});
export type WalletLimits = z.infer<typeof walletLimitsSchema>;

/** GET /api/admin/wallets/{wallet}: its analytics, ban and open flag, the first pages of its IPs and games. */
export const walletDetailSchema = z.object({
  walletAddress: z.string(),
  isBanned: z.boolean(),
  ban: walletBanFieldsSchema.nullable(),
  /** The active flag, if any. */
  flag: adminFlaggedWalletRowSchema.nullable(),
  analytics: walletAnalyticsSchema,
  /** The first page; more through /wallets/{wallet}/ips with its cursor. */
  ips: pageOf(walletIpRowSchema),
  /** The first page; more through /games with `search` = the wallet. */
  games: pageOf(adminGameRowSchema),
  /** The player's own protection (read only: no route lifts it) and their latest changes, newest first. */
  limits: walletLimitsSchema,
  /** The wallet's money from the ledger; its rows through /wallets/{wallet}/money. */
  money: walletMoneyTotalsSchema,
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;

/** GET /api/admin/ips/{ip}: where the address is, its ban, and its wallets' risk. */
export const ipDetailSchema = z.object({
  ipAddress: z.string(),
  /** False for an address the server never recorded. */
  seen: z.boolean(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  totalConnections: count,
  requestCount: count,
  isBanned: z.boolean(),
  bannedReason: z.string().nullable(),
  bannedBy: z.string().nullable(),
  bannedAt: instant.nullable(),
  firstSeen: instant.nullable(),
  lastSeen: instant.nullable(),
  risk: z.object({
    wallets: count,
    bannedWallets: count,
    flaggedWallets: count,
    /** The highest risk score among its wallets (0-100); null until any was measured. */
    highestRiskScore: z.number().int().nullable(),
    /** Wallet–IP links the tracker marked suspicious. */
    suspiciousLinks: count,
  }),
});
export type IpDetail = z.infer<typeof ipDetailSchema>;

const seat = z.union([z.literal(0), z.literal(1)]);

/**
 * A game's MatchRecord (common/game/replay.ts), which `replayMatch` re-runs tick for tick: a malformed one is
 * refused by the reader rather than replayed wrongly. `forfeit` is left out when nobody forfeited.
 */
export const matchRecordSchema = z.object({
  seed: z.string().min(1),
  generator: z.literal(GENERATOR_VERSIONS),
  countdownSeconds: z.number().nonnegative(),
  inputs: z.array(z.tuple([z.number().int().nonnegative(), seat, z.number()])),
  forfeit: z.object({ afterTick: z.number().int().nonnegative(), loser: seat }).optional(),
});

/** GET /api/admin/games/{id}/replay: the game, its record if it has one, and what the server recorded. */
export const adminGameReplaySchema = z.object({
  game: adminGameRowSchema,
  /** Null when the game was not played to a recorded end here (no seed or no inputs, e.g. interrupted). */
  record: matchRecordSchema.nullable(),
  recorded: z.object({
    player1Score: z.number().int().nullable(),
    player2Score: z.number().int().nullable(),
    winner: z.enum(['player1', 'player2']).nullable(),
  }),
});
export type AdminGameReplay = z.infer<typeof adminGameReplaySchema>;
