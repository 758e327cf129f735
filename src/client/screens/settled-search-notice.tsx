import { SETTLED_TEXTS } from '../../common/held-texts.ts';
import { useGame } from '../state/game-api.ts';

/**
 * What became of a search the page showed that the server no longer holds (its `held` on reconnection):
 * closed at a restart, or become a match a restart interrupted, with its refund's exact amount and, once
 * sent, its transaction. It stays on the lobby
 * until dismissed or a new search starts.
 */
export function SettledSearchNotice() {
  const { view, dismissSettled } = useGame();
  const settled = view.settledSearch ?? null;
  // On the lobby only: a search under way (or a match) is what the page shows then.
  if (!settled || settled.status === 'matched' || view.searching || view.gameId !== null) return null;
  const signature = settled.refund?.signature ?? null;
  const title = SETTLED_TEXTS.titleOf(settled);
  return (
    <section
      role="status"
      aria-label={title}
      data-testid="settled-search"
      className="mx-auto mt-4 w-full max-w-xl rounded-lg border-2 border-cyan-400/70 bg-slate-950/90 px-4 py-3 text-center font-retro"
    >
      <h3 className="font-bold text-cyan-300 text-sm tracking-widest">{title}</h3>
      <p className="mt-2 text-slate-200 text-xs leading-relaxed">{SETTLED_TEXTS.body(settled)}</p>
      {signature && (
        <p className="mt-2 text-slate-400 text-[10px]">
          {SETTLED_TEXTS.signature} <span className="break-all font-mono text-slate-200">{signature}</span>
        </p>
      )}
      <button
        type="button"
        onClick={dismissSettled}
        className="mt-3 rounded bg-cyan-400 px-5 py-1.5 font-bold text-slate-950 text-xs tracking-widest hover:bg-cyan-300"
      >
        {SETTLED_TEXTS.dismiss}
      </button>
    </section>
  );
}
