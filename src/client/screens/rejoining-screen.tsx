import { useEffect } from 'react';
import { REJOIN_TEXTS } from '../../common/rejoin-texts.ts';
import { Spinner } from '../ui/spinner.tsx';

/**
 * How long the page waits here for its wallet to sign in again and the server to answer; after that (a
 * wallet that does not come back, a server that does not answer) it shows the lobby rather than wait for ever.
 */
export const REJOIN_PATIENCE_MS = 15_000;

/**
 * A neutral wait while a reload finds its match again: never the lobby's Find Match first. Its own chunk (the
 * first page has a size budget); the game page shows a blank wait while it loads.
 */
export default function RejoiningScreen({ onGiveUp }: { onGiveUp(gaveUp: true): void }) {
  useEffect(() => {
    const id = setTimeout(() => onGiveUp(true), REJOIN_PATIENCE_MS);
    return () => clearTimeout(id);
  }, [onGiveUp]);
  return (
    <section
      aria-label="Rejoining"
      aria-busy="true"
      className="mt-10 flex w-full max-w-lg flex-col items-center gap-3 rounded-lg border-2 border-cyan-400/40 bg-slate-950/80 p-6 text-center font-retro"
    >
      <Spinner className="h-8 w-8 text-cyan-300" />
      <h2 className="font-bold text-cyan-300 text-lg tracking-[0.2em]">{REJOIN_TEXTS.title}</h2>
      <p role="status" className="text-slate-300 text-xs">
        {REJOIN_TEXTS.detail}
      </p>
    </section>
  );
}
