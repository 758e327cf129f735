import { getGameMode } from '../../common/game-modes.ts';
import { CANCEL_WAIT_MS, HOUSE_BOT_OFFER_MS, OPPONENT_FOUND_SECONDS } from '../../common/rules.ts';
import { cancelRuleText } from '../../common/search-rule-texts.ts';
import { OpenChallengePanel } from '../challenge/open-challenge-panel.tsx';
import { RematchWaitingPanel } from '../rematch/rematch-waiting-panel.tsx';
import { useGame } from '../state/game-api.ts';
import { showCancelMatch, waitProgressPercent, waitStatusText } from './screen-rules.ts';
import { useCountdown, useNow } from './use-seconds.ts';

export const WAIT_TEXTS = {
  searching: 'SEARCHING FOR OPPONENT...',
  cancel: 'CANCEL MATCH',
  cancelling: 'Cancelling matchmaking...',
  refunding: 'Refund being processed...',
  found: 'OPPONENT FOUND! MATCH STARTING SOON',
  getReady: 'Get ready! Initializing secure connection...',
  /** A passing refusal of the paid search: its payment is being confirmed and sent again (no new payment). */
  confirmingPayment: 'Payment received - confirming it on chain...',
  nobodyElse: 'Nobody else is searching Free Play right now.',
  playBot: 'Play the house bot',
} as const;

/** Below the heading, not after it: SPEC's 'SEARCHING FOR OPPONENT...' already ends in its own dots. */
function BouncingDots() {
  return (
    <span aria-hidden="true" data-testid="bouncing-dots" className="mt-3 flex justify-center gap-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="inline-block h-2 w-2 animate-bounce rounded-full bg-yellow-300"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

/**
 * SPEC §2 "Matchmaking wait screen": searching, then the opponent-found countdown (3 s from the match found,
 * or while no game id has come yet).
 */
export function WaitScreen() {
  const { view, cancelSearch } = useGame();
  const found = view.opponentFound && (view.gameId === null || view.opponentFoundAt != null);
  if (!found && view.openRematch && view.gameMode) {
    return (
      <RematchWaitingPanel
        view={view}
        rematch={view.openRematch}
        mode={view.gameMode}
        onCancel={cancelSearch}
      />
    );
  }
  // The player's open challenge waits for a friend, not for the queue: its link, QR code and terms instead.
  if (!found && view.openChallenge && view.gameMode) {
    return (
      <div className="w-full max-w-xl font-retro">
        <OpenChallengePanel
          view={view}
          challenge={view.openChallenge}
          mode={view.gameMode}
          onCancel={cancelSearch}
        />
      </div>
    );
  }
  return (
    <section
      aria-label="Matchmaking"
      className="mt-6 w-full max-w-xl rounded-lg border-2 border-yellow-300/60 bg-slate-950/85 p-6 text-center font-retro shadow-lg shadow-yellow-500/10"
    >
      {found ? <OpponentFound /> : <Searching />}
    </section>
  );
}

function Searching() {
  const { view, cancelSearch, playHouseBot } = useGame();
  const now = useNow(view.searching);
  const waited = view.searchStartTime === null ? 0 : Math.max(0, now - view.searchStartTime);
  const progress = waitProgressPercent(waited);
  return (
    <>
      <h2 className="font-bold text-lg text-yellow-300 tracking-widest">{WAIT_TEXTS.searching}</h2>
      <BouncingDots />
      {view.gameMode && <p className="mt-2 text-cyan-300 text-xs">{getGameMode(view.gameMode).name}</p>}
      {view.paymentRetry ? (
        <p role="status" className="mt-4 text-cyan-200 text-sm">
          {WAIT_TEXTS.confirmingPayment}
        </p>
      ) : (
        <p className="mt-4 text-slate-200 text-sm">{waitStatusText(waited)}</p>
      )}
      <div
        role="progressbar"
        aria-label="Search progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mx-auto mt-3 h-2 w-full max-w-sm overflow-hidden rounded bg-slate-800"
      >
        <div
          className="h-full bg-yellow-300 transition-[width] duration-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <dl className="mt-4 flex justify-center gap-6 text-xs">
        <div>
          <dt className="inline text-slate-400">Wait time: </dt>
          <dd className="inline text-slate-100">{Math.floor(waited / 1000)}s</dd>
        </div>
        <div>
          <dt className="inline text-slate-400">Players online: </dt>
          <dd className="inline text-green-300">{view.playersOnline}</dd>
        </div>
      </dl>
      {view.cancelling !== 'idle' && (
        <p role="status" className="mt-4 text-cyan-200 text-xs">
          {WAIT_TEXTS[view.cancelling]}
        </p>
      )}
      {view.gameMode === 'practice' &&
        // Only while the server can be asked: a search it may no longer hold is never offered the bot.
        view.connected &&
        waited >= HOUSE_BOT_OFFER_MS &&
        (view.queueLengths.practice ?? 0) <= 1 &&
        view.cancelling === 'idle' && (
          <div data-testid="house-bot-offer" className="mt-4">
            <p className="text-slate-300 text-xs">{WAIT_TEXTS.nobodyElse}</p>
            <button
              type="button"
              onClick={playHouseBot}
              className="mt-2 rounded bg-fuchsia-400 px-6 py-2 font-bold text-slate-950 text-sm tracking-widest hover:bg-fuchsia-300"
            >
              {WAIT_TEXTS.playBot}
            </button>
          </div>
        )}
      {!view.opponentFound && view.cancelling === 'idle' && view.gameMode && (
        // The rule is said before CANCEL MATCH appears, and stays beside it: nobody learns it from the refund.
        <p data-testid="cancel-rule" className="mt-4 text-[11px] text-slate-400">
          {cancelRuleText(
            WAIT_TEXTS.cancel,
            Math.ceil((CANCEL_WAIT_MS - waited) / 1000),
            getGameMode(view.gameMode).wagerLamports,
          )}
        </p>
      )}
      {showCancelMatch(view, waited) && (
        <button
          type="button"
          onClick={cancelSearch}
          className="mt-5 rounded bg-red-600 px-6 py-2 font-bold text-sm text-white tracking-widest hover:bg-red-500"
        >
          {WAIT_TEXTS.cancel}
        </button>
      )}
    </>
  );
}

function OpponentFound() {
  const { view } = useGame();
  const left = useCountdown(OPPONENT_FOUND_SECONDS, view.opponentFoundAt ?? view.opponentName ?? 'opponent');
  return (
    <>
      <h2 className="font-bold text-green-300 text-lg tracking-widest">{WAIT_TEXTS.found}</h2>
      {view.opponentName && <p className="mt-2 text-cyan-300 text-xs">vs {view.opponentName}</p>}
      <p aria-live="polite" className="mt-4 font-bold text-5xl text-yellow-300">
        {left}
      </p>
      <p className="mt-4 text-slate-300 text-xs">{WAIT_TEXTS.getReady}</p>
    </>
  );
}
