import type { Clock } from '../../common/clock.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { SEARCH_TEXTS } from '../../common/protocol-texts.ts';
import { waitProgressPercent } from '../screens/screen-rules.ts';
import type { GameView } from '../state/game-view.ts';
import { Spinner } from '../ui/spinner.tsx';
import { CancelUnderRule } from './cancel-under-rule.tsx';
import { useSearchClock } from './use-search-clock.ts';

const CANCELLING_TEXT = {
  cancelling: 'Cancelling matchmaking...',
  refunding: 'Refund being processed...',
} as const;

/** The lobby's searching panel (SPEC §2): mode, time waited, progress bar and Cancel Search. */
export function SearchingPanel({
  view,
  mode,
  onCancel,
  clock,
}: {
  view: Pick<GameView, 'searchStartTime' | 'cancelling' | 'playersOnline'>;
  mode: GameModeId | null;
  onCancel(): void;
  clock?: Clock;
}) {
  const now = useSearchClock(view.searchStartTime, true, clock);
  const waited = view.searchStartTime === null ? 0 : Math.max(0, now - view.searchStartTime);
  const seconds = Math.floor(waited / 1000);
  const progress = waitProgressPercent(waited);
  const cancelling = view.cancelling !== 'idle';
  return (
    <section
      aria-label="Searching for a match"
      data-testid="searching-panel"
      className="mt-4 rounded-lg border-2 border-yellow-300/60 bg-slate-950/80 p-4 text-left"
    >
      <p className="flex items-center gap-2 font-bold text-sm text-yellow-200">
        <Spinner />
        {SEARCH_TEXTS.searching}
        {mode ? ` (${getGameMode(mode).name})` : ''}...
      </p>
      <p className="mt-2 text-slate-300 text-xs">Waiting {seconds}s</p>
      <div
        role="progressbar"
        aria-label="Search progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-800"
      >
        <div className="h-full bg-yellow-300 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      {view.cancelling !== 'idle' && (
        <p role="status" className="mt-2 text-cyan-200 text-xs">
          {CANCELLING_TEXT[view.cancelling]}
        </p>
      )}
      <CancelUnderRule
        mode={mode}
        waited={waited}
        cancelling={cancelling}
        label="Cancel Search"
        onCancel={onCancel}
      />
    </section>
  );
}
