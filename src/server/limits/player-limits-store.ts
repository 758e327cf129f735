import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  changeLossLimit,
  type LossLimitKind,
  type LossLimitSetting,
  NO_LIMITS,
  type PlayerLimits,
  requestExclusion,
  type SelfExclusion,
  settledLimit,
} from '../../common/player-limits.ts';
import type { SelfExclusionPeriod } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import { playerLimitChanges, playerLimits } from '../db/schema/index.ts';

type LimitsRow = typeof playerLimits.$inferSelect;

const time = (at: Date | null) => (at === null ? null : at.getTime());

function setting(
  lamports: bigint | null,
  pendingLamports: bigint | null,
  pendingFrom: Date | null,
): LossLimitSetting {
  return {
    lamports,
    pending: pendingFrom === null ? null : { lamports: pendingLamports, effectiveAt: pendingFrom.getTime() },
  };
}

export function limitsOfRow(row: LimitsRow | undefined): PlayerLimits {
  if (!row) return NO_LIMITS;
  return {
    exclusion:
      row.excludedFrom === null
        ? null
        : { startedAt: row.excludedFrom.getTime(), endsAt: time(row.excludedUntil) },
    daily: setting(row.dailyLossLimitLamports, row.dailyPendingLamports, row.dailyPendingFrom),
    weekly: setting(row.weeklyLossLimitLamports, row.weeklyPendingLamports, row.weeklyPendingFrom),
  };
}

const date = (at: number | null) => (at === null ? null : new Date(at));

function columnsOf(limits: PlayerLimits) {
  const loss = (s: LossLimitSetting) => ({
    lamports: s.lamports,
    pendingLamports: s.pending?.lamports ?? null,
    pendingFrom: date(s.pending?.effectiveAt ?? null),
  });
  const daily = loss(limits.daily);
  const weekly = loss(limits.weekly);
  return {
    excludedFrom: date(limits.exclusion?.startedAt ?? null),
    excludedUntil: date(limits.exclusion?.endsAt ?? null),
    dailyLossLimitLamports: daily.lamports,
    dailyPendingLamports: daily.pendingLamports,
    dailyPendingFrom: daily.pendingFrom,
    weeklyLossLimitLamports: weekly.lamports,
    weeklyPendingLamports: weekly.pendingLamports,
    weeklyPendingFrom: weekly.pendingFrom,
  };
}

/** The wallet's protection as stored (a pending change past its time is in force: see settledLimit). */
export async function readLimits(db: Database, walletAddress: string): Promise<PlayerLimits> {
  const [row] = await db.select().from(playerLimits).where(eq(playerLimits.walletAddress, walletAddress));
  return limitsOfRow(row);
}

type ChangeRecord = Omit<typeof playerLimitChanges.$inferInsert, 'walletAddress'>;

/**
 * One change of a wallet's protection, read and written under the row's lock so two changes at once apply
 * one after the other, with its record in player_limit_changes in the same transaction. `change` returns the
 * new limits and the change's record, or a refusal (nothing written). With `unchanged`, the limits stay as
 * they are and nothing is written; with `replacesPending`, the record takes the place of the pending change
 * of its kind still waiting after that instant (a later ask replaces a pending one: one row, not one per ask).
 */
async function changeLimits<R extends string>(
  db: Database,
  walletAddress: string,
  change: (
    current: PlayerLimits,
  ) =>
    | { ok: true; limits: PlayerLimits; record: ChangeRecord; unchanged?: boolean; replacesPending?: Date }
    | { ok: false; reason: R },
): Promise<{ ok: true; limits: PlayerLimits } | { ok: false; reason: R }> {
  return db.transaction(async (tx) => {
    await tx.insert(playerLimits).values({ walletAddress }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(playerLimits)
      .where(eq(playerLimits.walletAddress, walletAddress))
      .for('update');
    const outcome = change(limitsOfRow(row));
    if (!outcome.ok) return outcome;
    if (outcome.unchanged) return { ok: true as const, limits: outcome.limits };
    await tx
      .update(playerLimits)
      .set({ ...columnsOf(outcome.limits), updatedAt: sql`now()` })
      .where(eq(playerLimits.walletAddress, walletAddress));
    if (outcome.replacesPending) {
      const [pending] = await tx
        .select({ id: playerLimitChanges.id })
        .from(playerLimitChanges)
        .where(
          and(
            eq(playerLimitChanges.walletAddress, walletAddress),
            eq(playerLimitChanges.kind, outcome.record.kind),
            gt(playerLimitChanges.effectiveAt, outcome.replacesPending),
          ),
        )
        .orderBy(desc(playerLimitChanges.requestedAt))
        .limit(1);
      if (pending) {
        await tx.update(playerLimitChanges).set(outcome.record).where(eq(playerLimitChanges.id, pending.id));
        return { ok: true as const, limits: outcome.limits };
      }
    }
    await tx.insert(playerLimitChanges).values({ ...outcome.record, walletAddress });
    return { ok: true as const, limits: outcome.limits };
  });
}

/** A self-exclusion from now for `period`; refused (`shorter`) if it would end one in force sooner. */
export function setExclusion(
  db: Database,
  request: { walletAddress: string; period: SelfExclusionPeriod; now: number; ip: string | null },
) {
  return changeLimits<'shorter'>(db, request.walletAddress, (current) => {
    const asked = requestExclusion(current.exclusion, request.period, request.now);
    if (!asked.ok) return asked;
    const exclusion: SelfExclusion = asked.exclusion;
    return {
      ok: true,
      limits: { ...current, exclusion },
      record: {
        kind: 'self_exclusion',
        excludedUntil: date(exclusion.endsAt),
        requestedAt: new Date(request.now),
        effectiveAt: new Date(request.now),
        ipAddress: request.ip,
      },
    };
  });
}

/**
 * A loss limit asked for (null removes it): lower at once, higher or removed after the delay. An ask that
 * changes nothing writes nothing; a raise asked while another waits replaces it, its record too, so asking
 * again and again keeps one pending row (its delay counted from the latest ask, as before).
 */
export function setLossLimit(
  db: Database,
  request: {
    walletAddress: string;
    kind: LossLimitKind;
    lamports: bigint | null;
    now: number;
    ip: string | null;
  },
) {
  return changeLimits<never>(db, request.walletAddress, (current) => {
    const before = settledLimit(current[request.kind], request.now);
    const next = changeLossLimit(current[request.kind], request.lamports, request.now);
    const effectiveAt = next.pending?.effectiveAt ?? request.now;
    const unchanged = before.pending === null && next.pending === null && before.lamports === next.lamports;
    const replacing = before.pending !== null && next.pending !== null;
    return {
      ok: true,
      limits: { ...current, [request.kind]: next },
      unchanged,
      ...(replacing ? { replacesPending: new Date(request.now) } : {}),
      record: {
        kind: `${request.kind}_loss_limit`,
        lamports: request.lamports,
        requestedAt: new Date(request.now),
        effectiveAt: new Date(effectiveAt),
        ipAddress: request.ip,
      },
    };
  });
}

/** The wallet's latest changes, newest first (the back-office's record of them). */
export function recentLimitChanges(db: Database, walletAddress: string, limit = 20) {
  return db
    .select()
    .from(playerLimitChanges)
    .where(eq(playerLimitChanges.walletAddress, walletAddress))
    .orderBy(desc(playerLimitChanges.requestedAt))
    .limit(limit);
}

/** The limits at `now`, pending changes past their time in force (for views). */
export function settledLimits(limits: PlayerLimits, now: number): PlayerLimits {
  return { ...limits, daily: settledLimit(limits.daily, now), weekly: settledLimit(limits.weekly, now) };
}
