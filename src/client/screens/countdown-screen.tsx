import { useGame } from '../state/game-api.ts';
import { ConnectionLostPanel } from './connection-lost.tsx';

/**
 * SPEC §2 "Pre-game countdown screen": a big number counting down from the server's value (default 5),
 * then 'GO!'. The server's gameState carries the seconds left, so every player sees the same number; its
 * countdown reaching 0 is the move to the first serve, during which this screen shows 'GO!' for a moment.
 */
export function CountdownScreen() {
  const { view, returnToMenu } = useGame();
  if (view.isDisconnected) return <ConnectionLostPanel where="countdown" onReturn={returnToMenu} />;
  const seconds = view.state === 'countdown' ? view.countdownTime : 0;
  return (
    <section aria-label="Match starting" className="mt-10 text-center font-retro">
      {view.opponentName && <p className="text-cyan-300 text-sm">vs {view.opponentName}</p>}
      <p
        aria-live="polite"
        data-testid="countdown-value"
        className="mt-6 font-bold text-8xl text-yellow-300 drop-shadow-[0_0_12px_rgba(250,204,21,0.6)]"
      >
        {seconds > 0 ? seconds : 'GO!'}
      </p>
    </section>
  );
}
