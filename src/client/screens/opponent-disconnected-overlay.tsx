import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
import { useGame } from '../state/game-api.ts';
import { opponentHeading } from './screen-rules.ts';
import { WindowBar } from './window-bar.tsx';

export const OPPONENT_OVERLAY_TEXTS = {
  message: 'Opponent disconnected. Waiting for reconnection...',
  continues: 'The game will continue if they reconnect',
  winByDefault: "Otherwise, you'll win by default",
} as const;

/**
 * SPEC §2 "Opponent-disconnected overlay": over the game while the opponent's reconnection window runs,
 * with its seconds and a bar; hidden at game over.
 */
export function OpponentDisconnectedOverlay() {
  const { view } = useGame();
  if (!view.reconnectionWindowActive || view.gameOver !== null || view.state === 'gameOver') return null;
  const left = Math.max(0, view.reconnectionTimeLeft ?? RECONNECTION_WINDOW_SECONDS);
  return (
    <section
      aria-labelledby="opponent-disconnected-title"
      className="absolute inset-x-0 top-16 z-40 mx-auto w-[calc(100%-2rem)] max-w-md rounded-lg border-2 border-orange-400/80 bg-slate-950/95 p-5 text-center font-retro shadow-lg shadow-orange-500/20"
    >
      <h3 id="opponent-disconnected-title" className="font-bold text-lg text-orange-300 tracking-widest">
        {opponentHeading(view.disconnectedPlayerIndex)}
      </h3>
      <p className="mt-3 text-slate-200 text-sm">{OPPONENT_OVERLAY_TEXTS.message}</p>
      <p aria-live="polite" className="mt-3 font-bold text-3xl text-yellow-300">
        {left}s
      </p>
      <WindowBar label="Opponent reconnection window" secondsLeft={left} color="bg-orange-400" />
      <p className="mt-3 text-slate-400 text-xs">{OPPONENT_OVERLAY_TEXTS.continues}</p>
      <p className="mt-1 text-slate-400 text-xs">{OPPONENT_OVERLAY_TEXTS.winByDefault}</p>
    </section>
  );
}
