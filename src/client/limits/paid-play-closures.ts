import type { LossLimitView, PlayerLimitsAnswer } from '../../common/api/player-limits-api.ts';
import { GAME_MODES, type GameModeId } from '../../common/game-modes.ts';
import {
  exclusionRefusal,
  type LossLimitSetting,
  lossLimitRefusal,
  type PlayerLimits,
} from '../../common/player-limits.ts';
import { fetchLimits } from './limits-fetch.ts';
import { onLimitsSaved } from './limits-query-keys.ts';

/**
 * The paid modes the player's own protection closes, read before any payment is asked: the same rules, and
 * the same words, as the server's refusal of a paid search (common/player-limits.ts), from the limits and
 * net losses GET /api/player/limits answers. The server still refuses (and refunds) whatever slips past.
 */
export interface PaidPlayClosures {
  /** Whose limits these are (null: not signed in, nothing closed). */
  walletAddress: string | null;
  /** Why each closed paid mode is closed, in the server's refusal words. */
  reasons: Partial<Record<GameModeId, string>>;
  /** When the answer changes by itself (an exclusion ends, a raise or removal comes into force), or null. */
  recheckAt: number | null;
}

const setting = (view: LossLimitView): LossLimitSetting => ({
  lamports: view.lamports === null ? null : BigInt(view.lamports),
  pending: view.pending
    ? {
        lamports: view.pending.lamports === null ? null : BigInt(view.pending.lamports),
        effectiveAt: Date.parse(view.pending.effectiveAt),
      }
    : null,
});

export function closuresOf(answer: PlayerLimitsAnswer, now: number): PaidPlayClosures {
  const limits: PlayerLimits = {
    exclusion: answer.exclusion
      ? {
          startedAt: Date.parse(answer.exclusion.startedAt),
          endsAt: answer.exclusion.endsAt === null ? null : Date.parse(answer.exclusion.endsAt),
        }
      : null,
    daily: setting(answer.daily),
    weekly: setting(answer.weekly),
  };
  const losses = { daily: BigInt(answer.daily.lossLamports), weekly: BigInt(answer.weekly.lossLamports) };
  const reasons: Partial<Record<GameModeId, string>> = {};
  for (const mode of GAME_MODES) {
    if (mode.wagerLamports === 0n) continue;
    const refusal =
      exclusionRefusal(limits, now) ?? lossLimitRefusal(limits, losses, mode.wagerLamports, now);
    if (refusal) reasons[mode.id] = refusal.message;
  }
  const times = [
    limits.exclusion?.endsAt,
    limits.daily.pending?.effectiveAt,
    limits.weekly.pending?.effectiveAt,
  ].filter((at): at is number => typeof at === 'number' && at > now);
  return {
    walletAddress: answer.walletAddress,
    reasons,
    recheckAt: times.length > 0 ? Math.min(...times) : null,
  };
}

export async function fetchPaidPlayClosures(now: () => number = Date.now): Promise<PaidPlayClosures> {
  return closuresOf(await fetchLimits(), now());
}

/** Far enough for a browser timer; a later change is read when the page is next shown. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Reads the closures now, when the page is shown again, when the Limits panel saves, and when a pending
 * change or an exclusion's end comes, giving each answer to `onClosures`; returns the stop. A failed read
 * closes nothing (only logged): the server refuses anyway.
 */
export function watchPaidPlayClosures(onClosures: (closures: PaidPlayClosures) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = () => {
    fetchPaidPlayClosures().then(
      (closures) => {
        if (stopped) return;
        onClosures(closures);
        clearTimeout(timer);
        const { recheckAt } = closures;
        if (recheckAt !== null) {
          timer = setTimeout(read, Math.min(MAX_TIMER_MS, Math.max(0, recheckAt - Date.now()) + 1_000));
        }
      },
      (error: unknown) => {
        if (!stopped) console.warn('limits check failed', error);
      },
    );
  };
  const shown = () => {
    if (document.visibilityState === 'visible') read();
  };
  const unsubscribe = onLimitsSaved(read);
  document.addEventListener('visibilitychange', shown);
  read();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', shown);
  };
}
