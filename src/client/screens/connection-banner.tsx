import { CONNECTION_BANNER_TEXTS } from '../../common/connection-texts.ts';
import { useGame } from '../state/game-api.ts';

/**
 * The lobby's and the wait screen's word while the game server cannot be reached (the game has its own
 * dialog): the channel keeps trying for as long as the page is open, and says so; after SPEC §9's 5 failed
 * attempts SPEC §8's 'Unable to reconnect. Please refresh the page.', with a button that tries at once.
 */
export function ConnectionBanner() {
  const { view, connection, reconnectNow } = useGame();
  if (view.connected || !view.isDisconnected || connection.status === 'idle') return null;
  const unable = view.lastError === CONNECTION_BANNER_TEXTS.unable;
  return (
    <div
      role="alert"
      data-testid="connection-banner"
      className="mx-auto mt-4 w-full max-w-xl rounded-lg border-2 border-amber-400/70 bg-slate-950/90 px-4 py-3 text-center font-retro"
    >
      <p className="font-bold text-amber-300 text-sm">
        {unable ? CONNECTION_BANNER_TEXTS.unable : CONNECTION_BANNER_TEXTS.retrying}
      </p>
      {unable && (
        <>
          <p className="mt-1 text-slate-300 text-xs">{CONNECTION_BANNER_TEXTS.stillTrying}</p>
          <button
            type="button"
            onClick={reconnectNow}
            className="mt-3 rounded bg-amber-400 px-5 py-2 font-bold text-slate-950 text-xs tracking-widest hover:bg-amber-300"
          >
            {CONNECTION_BANNER_TEXTS.tryNow}
          </button>
        </>
      )}
    </div>
  );
}
