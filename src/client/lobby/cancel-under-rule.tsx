import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import { cancelRuleText } from '../../common/search-rule-texts.ts';
import { canCancelSearch } from './find-match-rules.ts';

/**
 * The Cancel control of a paid wait (a search, a challenge, a rematch offer) under SPEC's cancel rule: disabled
 * through the first CANCEL_WAIT_SECONDS, with a note counting down to it; enabled after (practice at once).
 * The note says what a cancel keeps (3% of a paid entry, to the lamport) for as long as the button can still be
 * pressed, so nobody learns it from the refund. One component, so the three waits cannot drift apart.
 */
export function CancelUnderRule({
  mode,
  waited,
  cancelling,
  label,
  onCancel,
  centered = false,
}: {
  mode: GameModeId | null;
  /** Milliseconds since the wait began. */
  waited: number;
  /** A cancel already asked for. */
  cancelling: boolean;
  label: string;
  onCancel(): void;
  /** Centred under a centred panel (the rematch offer); at the start of the line otherwise. */
  centered?: boolean;
}) {
  const allowedNow = canCancelSearch(mode, waited);
  const secondsLeft = Math.ceil((CANCEL_WAIT_MS - waited) / 1000);
  const wager = mode === null ? 0n : getGameMode(mode).wagerLamports;
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
      {!cancelling && wager > 0n && (
        <span data-testid="cancel-rule" className="text-[11px] text-slate-400">
          {cancelRuleText(label, allowedNow ? 0 : secondsLeft, wager)}
        </span>
      )}
    </div>
  );
}
