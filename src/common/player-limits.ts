import { ERROR_MESSAGES } from './error-messages.ts';
import { ERROR_CODES } from './protocol.ts';
import { solText } from './refund-texts.ts';
import { LOSS_LIMIT_RAISE_DELAY_MS, SELF_EXCLUSION_PERIODS, type SelfExclusionPeriod } from './rules.ts';

/**
 * Player protection as pure rules (the server enforces them, the panel shows them): a self-exclusion that can
 * be lengthened but never shortened, and daily and weekly loss limits on paid modes, where lowering acts at
 * once and raising or removing only after LOSS_LIMIT_RAISE_DELAY_MS. Times are ms since the epoch.
 */

export const LOSS_LIMIT_KINDS = ['daily', 'weekly'] as const;
export type LossLimitKind = (typeof LOSS_LIMIT_KINDS)[number];

/** A change asked for and not yet in force: a raise, or a removal (lamports null). */
export interface PendingLimit {
  lamports: bigint | null;
  effectiveAt: number;
}

/** One loss limit: the one in force (null: none) and a raise or removal waiting for its time. */
export interface LossLimitSetting {
  lamports: bigint | null;
  pending: PendingLimit | null;
}

/** A self-exclusion; `endsAt` null is permanent. */
export interface SelfExclusion {
  startedAt: number;
  endsAt: number | null;
}

export interface PlayerLimits {
  exclusion: SelfExclusion | null;
  daily: LossLimitSetting;
  weekly: LossLimitSetting;
}

export const NO_LIMIT: LossLimitSetting = { lamports: null, pending: null };
export const NO_LIMITS: PlayerLimits = { exclusion: null, daily: NO_LIMIT, weekly: NO_LIMIT };

/** The setting as it stands at `now`: a pending change whose time has come is in force. */
export function settledLimit(setting: LossLimitSetting, now: number): LossLimitSetting {
  const { pending } = setting;
  if (pending && pending.effectiveAt <= now) return { lamports: pending.lamports, pending: null };
  return setting;
}

/** The limit in force at `now` (null: none). */
export function limitInForce(setting: LossLimitSetting, now: number): bigint | null {
  return settledLimit(setting, now).lamports;
}

/**
 * A new limit asked for at `now` (null: remove it). Lower than the one in force: in force at once, and a
 * pending raise is dropped. The same: any pending change is dropped. Higher, or removed: waits
 * LOSS_LIMIT_RAISE_DELAY_MS, the one in force staying meanwhile (a later ask replaces a pending one).
 */
export function changeLossLimit(
  setting: LossLimitSetting,
  requested: bigint | null,
  now: number,
): LossLimitSetting {
  const current = limitInForce(setting, now);
  const lower = requested !== null && (current === null || requested < current);
  if (lower || requested === current) return { lamports: requested, pending: null };
  return {
    lamports: current,
    pending: { lamports: requested, effectiveAt: now + LOSS_LIMIT_RAISE_DELAY_MS },
  };
}

export function exclusionActive(exclusion: SelfExclusion | null, now: number): exclusion is SelfExclusion {
  return exclusion !== null && (exclusion.endsAt === null || exclusion.endsAt > now);
}

/**
 * A self-exclusion asked for at `now`: it starts at once. One in force can be lengthened (a later end, or
 * permanent) but never shortened nor lifted: `shorter` refuses it.
 */
export function requestExclusion(
  current: SelfExclusion | null,
  period: SelfExclusionPeriod,
  now: number,
): { ok: true; exclusion: SelfExclusion } | { ok: false; reason: 'shorter' } {
  const length = SELF_EXCLUSION_PERIODS[period];
  const endsAt = length === null ? null : now + length;
  if (exclusionActive(current, now)) {
    const keeps = current.endsAt === null || (endsAt !== null && endsAt < current.endsAt);
    if (keeps) return { ok: false, reason: 'shorter' };
    return { ok: true, exclusion: { startedAt: current.startedAt, endsAt } };
  }
  return { ok: true, exclusion: { startedAt: now, endsAt } };
}

/** An instant as players read it: '2025-06-02 14:00 UTC'. */
export function utcMinuteText(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const PRACTICE_OPEN = 'Practice mode is still open.';

/** Why a paid search is refused under a self-exclusion in force at `now`, or null. */
export function exclusionRefusal(
  limits: PlayerLimits,
  now: number,
): { message: string; code: typeof ERROR_CODES.selfExcluded } | null {
  const { exclusion } = limits;
  if (!exclusionActive(exclusion, now)) return null;
  const until = exclusion.endsAt === null ? ' permanently' : ` until ${utcMinuteText(exclusion.endsAt)}`;
  return {
    message: `${ERROR_MESSAGES.selfExcluded}${until}. ${PRACTICE_OPEN}`,
    code: ERROR_CODES.selfExcluded,
  };
}

const WINDOW_TEXT: Record<LossLimitKind, string> = { daily: 'last 24 hours', weekly: 'last 7 days' };

/**
 * What is left of a limit, in words that stay true when the window is a net win: what is left is then more
 * than the limit itself (the win is counted against losses), so the win is said rather than 'left of'.
 */
function leftText(l: { kind: LossLimitKind; limit: bigint; left: bigint }, loss: bigint): string {
  if (loss >= 0n) return `${solText(l.left)} is left of your ${l.kind} limit of ${solText(l.limit)}`;
  return `you are ${solText(-loss)} up over the ${WINDOW_TEXT[l.kind]}, so you can lose ${solText(l.left)} before you reach your ${l.kind} limit of ${solText(l.limit)}`;
}

/**
 * Why a paid search with `wagerLamports` at stake is refused by the loss limits in force at `now`, given the
 * net paid-mode loss of each window (negative: a net win), or null. Reached (nothing left of a limit) comes
 * before exceeded (the entry could lose more than is left), daily before weekly.
 */
export function lossLimitRefusal(
  limits: PlayerLimits,
  losses: Record<LossLimitKind, bigint>,
  wagerLamports: bigint,
  now: number,
): {
  message: string;
  code: typeof ERROR_CODES.lossLimitReached | typeof ERROR_CODES.lossLimitExceeded;
} | null {
  const left = LOSS_LIMIT_KINDS.flatMap((kind) => {
    const limit = limitInForce(limits[kind], now);
    return limit === null ? [] : [{ kind, limit, left: limit - losses[kind] }];
  });
  const reached = left.find((l) => l.left <= 0n);
  if (reached) {
    return {
      message: `${ERROR_MESSAGES.lossLimitReached}: your ${reached.kind} limit is ${solText(reached.limit)} and your net loss over the ${WINDOW_TEXT[reached.kind]} is ${solText(losses[reached.kind])}. ${PRACTICE_OPEN}`,
      code: ERROR_CODES.lossLimitReached,
    };
  }
  const exceeded = left.find((l) => l.left < wagerLamports);
  if (exceeded) {
    return {
      message: `${ERROR_MESSAGES.lossLimitExceeded}: ${leftText(exceeded, losses[exceeded.kind])} and this game's entry is ${solText(wagerLamports)}. ${PRACTICE_OPEN}`,
      code: ERROR_CODES.lossLimitExceeded,
    };
  }
  return null;
}
