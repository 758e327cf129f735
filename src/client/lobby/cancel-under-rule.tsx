import type { GameModeId } from '../../common/game-modes.ts';
import { CANCEL_REFUND_PERCENT, CANCEL_WAIT_MS, CANCEL_WAIT_SECONDS } from '../../common/rules.ts';
import { canCancelSearch } from './find-match-rules.ts';

/**
 * The Cancel control of a paid wait (a search, a challenge, a rematch offer) under SPEC's cancel rule: disabled
 * through the first CANCEL_WAIT_SECONDS, with a note counting down to it and naming the refund; enabled after
 * (practice at once). One component, so the three waits cannot drift apart.
 */
export function CancelUnderRule({
  mode,
  waited,
  cancelling,
  label,
  what,
  onCancel,
  centered = false,
}: {
  mode: GameModeId | null;
  /** Milliseconds since the wait began. */
  waited: number;
  /** A cancel already asked for. */
  cancelling: boolean;
  label: string;
  /** The wait's name in the note: 'search', 'challenge', 'rematch offer'. */
  what: string;
  onCancel(): void;
  /** Centred under a centred panel (the rematch offer); at the start of the line otherwise. */
  centered?: boolean;
}) {
  const allowedNow = canCancelSearch(mode, waited);
  const secondsLeft = Math.ceil((CANCEL_WAIT_MS - waited) / 1000);
  return (
    <div className={`mt-3 flex flex-wrap items-center gap-3 ${centered ? 'justify-center' : ''}`}>
      <button
        type="button"
        onClick={onCancel}
        disabled={!allowedNow || cancelling}
        className="rounded border-2 border-red-500 px-4 py-1.5 font-bold text-red-300 text-xs hover:bg-red-500/20 disabled:cursor-not-allowed disabled:opacity-40"
      >
        {label}
      </button>
      {!cancelling && !allowedNow && (
        <span className="text-[11px] text-slate-400">
          {`A paid ${what} can be cancelled after ${CANCEL_WAIT_SECONDS} seconds (${secondsLeft}s), with a ${CANCEL_REFUND_PERCENT}% refund`}
        </span>
      )}
    </div>
  );
}
