import type { LimitsView } from '../../common/api/player-limits-api.ts';
import {
  exclusionActive,
  exclusionRefusal,
  type LossLimitSetting,
  lossLimitRefusal,
  type PlayerLimits,
} from '../../common/player-limits.ts';
import type { ErrorCode } from '../../common/wire-codes.ts';
import type { Database } from '../db/database.ts';
import { lossesAt } from './net-loss.ts';
import { readLimits, settledLimits } from './player-limits-store.ts';

const iso = (at: number) => new Date(at).toISOString();

/** The limits at `now` and each window's net loss, as the panel and the back-office show them. */
export function toLimitsView(
  limits: PlayerLimits,
  losses: { daily: bigint; weekly: bigint },
  now: number,
): LimitsView {
  const settled = settledLimits(limits, now);
  const loss = (s: LossLimitSetting, lossLamports: bigint) => ({
    lamports: s.lamports?.toString() ?? null,
    pending: s.pending
      ? { lamports: s.pending.lamports?.toString() ?? null, effectiveAt: iso(s.pending.effectiveAt) }
      : null,
    lossLamports: lossLamports.toString(),
  });
  const { exclusion } = settled;
  return {
    exclusion: exclusionActive(exclusion, now)
      ? {
          startedAt: iso(exclusion.startedAt),
          endsAt: exclusion.endsAt === null ? null : iso(exclusion.endsAt),
        }
      : null,
    daily: loss(settled.daily, losses.daily),
    weekly: loss(settled.weekly, losses.weekly),
  };
}

export async function readLimitsView(db: Database, walletAddress: string, now: number): Promise<LimitsView> {
  const [limits, losses] = await Promise.all([
    readLimits(db, walletAddress),
    lossesAt(db, walletAddress, now),
  ]);
  return toLimitsView(limits, losses, now);
}

/**
 * Why a paid search of `wagerLamports` by this wallet is refused at `now` by its own protection (its
 * self-exclusion, then its loss limits), or null. The losses are read only when a limit is in force.
 */
export function paidSearchRefusal(
  db: Database,
  walletAddress: string,
  wagerLamports: bigint,
  now: number,
): Promise<ProtectionRefusal | null> {
  return protectionRefusal(db, walletAddress, wagerLamports, now);
}

/**
 * Why a paid search already open (a public search, a challenge, a rematch offer) is refused at `now` by the
 * wallet's own protection, or null: the same rule as for a new search of its stake, its own entry fee (in the
 * ledger since it was paid) left out of the losses so it is not counted twice.
 */
export function openSearchRefusal(
  db: Database,
  walletAddress: string,
  paid: { transactionId: string; lamports: bigint },
  now: number,
): Promise<ProtectionRefusal | null> {
  return protectionRefusal(db, walletAddress, paid.lamports, now, paid.transactionId);
}

export type ProtectionRefusal = { message: string; code: ErrorCode };

async function protectionRefusal(
  db: Database,
  walletAddress: string,
  wagerLamports: bigint,
  now: number,
  withoutFee?: string,
): Promise<ProtectionRefusal | null> {
  const limits = await readLimits(db, walletAddress);
  const excluded = exclusionRefusal(limits, now);
  if (excluded) return excluded;
  const settled = settledLimits(limits, now);
  if (settled.daily.lamports === null && settled.weekly.lamports === null) return null;
  return lossLimitRefusal(settled, await lossesAt(db, walletAddress, now, withoutFee), wagerLamports, now);
}
