import { useState } from 'react';
import { formatLamports } from '../../common/format.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import type { GameStateName } from '../../common/protocol.ts';
import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
import { useGame } from '../state/game-api.ts';

export const MATCH_BAR_TEXTS = {
  leave: 'Leave match',
  confirmTitle: 'Leave this match?',
  stay: 'Keep playing',
  confirmLeave: 'Leave and forfeit',
  /** What leaving costs: the match is forfeited, and a paid entry is not refunded (SPEC §1: none once started). */
  forfeits: (prize: string | null) =>
    prize === null
      ? 'Leaving now forfeits the match: your opponent wins.'
      : `Leaving now forfeits the match: your opponent wins and is paid ${prize}. Your entry is not refunded.`,
  disconnectTitle: 'Disconnect during this match?',
  confirmDisconnect: 'Disconnect anyway',
  /** The wallet's Disconnect closes the game channel: the seat is held for the window, then forfeited. */
  disconnectForfeits: (prize: string | null) =>
    `Disconnecting takes you out of this match: unless you are back within ${RECONNECTION_WINDOW_SECONDS} seconds, you forfeit it and your opponent wins${prize === null ? '' : ` and is paid ${prize}`}.`,
} as const;

/** A match under way, from its countdown to its last point: leaving it forfeits. */
export function isMatchLive(state: GameStateName): boolean {
  return state === 'countdown' || state === 'firstServe' || state === 'playing' || state === 'roundEnd';
}

/** The prize a mode pays its winner, as shown; null for practice. */
export function prizeOf(mode: GameModeId): string | null {
  const { wagerLamports, winLamports } = getGameMode(mode);
  return wagerLamports > 0n ? formatLamports(winLamports) : null;
}

/** Asks before a step that forfeits the match; `leave` names the step and says what it costs. */
export function ForfeitConfirm(props: {
  title: string;
  text: string;
  leaveLabel: string;
  onStay(): void;
  onLeave(): void;
}) {
  return (
    <div
      role="alertdialog"
      aria-label={props.title}
      className="w-full rounded border-2 border-red-500/70 bg-slate-950/95 p-3 text-left font-retro text-xs"
    >
      <p className="font-bold text-red-300">{props.title}</p>
      <p className="mt-1 text-slate-200">{props.text}</p>
      <div className="mt-2 flex gap-3">
        <button
          type="button"
          onClick={props.onStay}
          className="rounded border-2 border-green-400 px-3 py-1 text-green-300 hover:bg-green-400/10"
        >
          {MATCH_BAR_TEXTS.stay}
        </button>
        <button
          type="button"
          onClick={props.onLeave}
          className="rounded border-2 border-red-500 px-3 py-1 text-red-300 hover:bg-red-500/20"
        >
          {props.leaveLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * Under the game field: what is being played for (the mode, the stake, the prize) and against whom, and a
 * way out that says what it costs before it sends `exit`.
 */
export function MatchBar() {
  const { view, exit } = useGame();
  const [confirming, setConfirming] = useState(false);
  if (!view.gameMode) return null;
  const mode = getGameMode(view.gameMode);
  const prize = prizeOf(view.gameMode);
  const paid = prize !== null;
  return (
    <div
      data-testid="match-bar"
      className="mt-2 flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-1 font-retro text-slate-300 text-xs"
    >
      <p>
        <span className="text-cyan-200">{mode.name}</span>
        {paid ? (
          <>
            {' · Stake '}
            <span className="text-yellow-200">{formatLamports(mode.wagerLamports)}</span>
            {' · Prize '}
            <span className="text-green-300">{prize}</span>
          </>
        ) : (
          ' · practice, nothing at stake'
        )}
        {view.opponentName && (
          <>
            {' · vs '}
            <span className="text-pink-200">{view.opponentName}</span>
          </>
        )}
      </p>
      {confirming ? (
        <ForfeitConfirm
          title={MATCH_BAR_TEXTS.confirmTitle}
          text={MATCH_BAR_TEXTS.forfeits(prize)}
          leaveLabel={MATCH_BAR_TEXTS.confirmLeave}
          onStay={() => setConfirming(false)}
          onLeave={() => {
            setConfirming(false);
            exit();
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded border border-red-500/70 px-2 py-0.5 text-red-300 hover:bg-red-500/20"
        >
          {MATCH_BAR_TEXTS.leave}
        </button>
      )}
    </div>
  );
}
