import type { Clock } from '../../common/clock.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { SEARCH_TEXTS } from '../../common/protocol-texts.ts';
import { REMATCH_RULE_TEXTS } from '../../common/search-rule-texts.ts';
import { expiresInText } from '../challenge/challenge-link.ts';
import { CancelUnderRule } from '../lobby/cancel-under-rule.tsx';
import { useSearchClock } from '../lobby/use-search-clock.ts';
import { useSecondsUntil } from '../screens/use-seconds.ts';
import type { GameView } from '../state/game-view.ts';
import { Spinner } from '../ui/spinner.tsx';

export const REMATCH_WAIT_TEXTS = {
  title: 'REMATCH',
  waiting: SEARCH_TEXTS.rematchWaiting,
  refund: REMATCH_RULE_TEXTS.offerRefund,
  cancel: 'Cancel Rematch',
} as const;

/**
 * The player's rematch offer, waiting for the opponent: the time left to the server's deadline (the opponent's
 * game-over screen counts down to the same moment), the refund in full if they leave, and Cancel under the
 * search's rule with what it keeps.
 */
export function RematchWaitingPanel({
  view,
  rematch,
  mode,
  onCancel,
  clock,
}: {
  view: Pick<GameView, 'searchStartTime' | 'cancelling'>;
  rematch: { gameId: string; expiresAt: number };
  mode: GameModeId;
  onCancel(): void;
  clock?: Clock;
}) {
  const now = useSearchClock(view.searchStartTime, true, clock);
  // Counted to the deadline itself, as the opponent's game-over screen counts: both turn their seconds together.
  const secondsLeft = useSecondsUntil(rematch.expiresAt, undefined, clock);
  const waited = view.searchStartTime === null ? 0 : Math.max(0, now - view.searchStartTime);
  const paid = getGameMode(mode).wagerLamports > 0n;
  return (
    <section
      aria-label="Your rematch offer"
      data-testid="rematch-waiting"
      className="mt-6 w-full max-w-xl rounded-lg border-2 border-fuchsia-400/70 bg-slate-950/85 p-6 text-center font-retro"
    >
      <h2 className="flex items-center justify-center gap-2 font-bold text-fuchsia-200 text-lg tracking-widest">
        <Spinner />
        {REMATCH_WAIT_TEXTS.title} · {getGameMode(mode).name}
      </h2>
      <p className="mt-3 text-slate-200 text-sm">{REMATCH_WAIT_TEXTS.waiting}...</p>
      <p data-testid="rematch-time-left" className="mt-2 text-xs text-yellow-200">
        {REMATCH_RULE_TEXTS.timeLeft(expiresInText(secondsLeft * 1000, 0))}
      </p>
      {paid && <p className="mt-2 text-[11px] text-slate-400">{REMATCH_WAIT_TEXTS.refund}</p>}
      <CancelUnderRule
        mode={mode}
        waited={waited}
        cancelling={view.cancelling !== 'idle'}
        label={REMATCH_WAIT_TEXTS.cancel}
        centered
        onCancel={onCancel}
      />
    </section>
  );
}
