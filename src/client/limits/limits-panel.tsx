import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PlayerLimitsAnswer } from '../../common/api/player-limits-api.ts';
import { LOSS_LIMIT_KINDS } from '../../common/player-limits.ts';
import { Spinner } from '../ui/spinner.tsx';
import { ExclusionForm } from './exclusion-form.tsx';
import { fetchLimits, putExclusion, putLossLimit } from './limits-fetch.ts';
import { announceLimitsSaved, LIMITS_KEY as KEY } from './limits-query-keys.ts';
import { LIMITS_TEXTS } from './limits-texts.ts';
import { LossLimitForm } from './loss-limit-form.tsx';

/**
 * The player's own protection, under the lobby (its own chunk): self-exclusion and daily and weekly loss
 * limits on paid modes. Folded until opened; the server enforces what it shows at every paid search.
 */
export default function LimitsPanel() {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="limits-title"
      className="mx-auto mt-6 max-w-2xl rounded-lg border border-slate-700 bg-slate-950/80 p-3 text-left font-retro text-xs"
    >
      <h3 id="limits-title">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="w-full text-left font-bold text-cyan-300 tracking-widest"
        >
          {open ? '▾' : '▸'} {LIMITS_TEXTS.title}
        </button>
      </h3>
      {open && <LimitsBody />}
    </section>
  );
}

function LimitsBody() {
  const client = useQueryClient();
  const limits = useQuery({ queryKey: KEY, queryFn: fetchLimits });
  const [error, setError] = useState<string | null>(null);
  const saving = async (request: () => Promise<PlayerLimitsAnswer>) => {
    setError(null);
    try {
      client.setQueryData(KEY, await request());
      // A limit or an exclusion can open or close paid modes: the lobby reads them again at once.
      announceLimitsSaved();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  if (limits.isPending) {
    return (
      <p className="mt-2 flex items-center gap-2 text-slate-400">
        <Spinner className="h-3 w-3" /> Loading...
      </p>
    );
  }
  if (limits.isError) {
    return (
      <p role="alert" className="mt-2 text-red-300">
        {limits.error.message || LIMITS_TEXTS.failed}
      </p>
    );
  }
  const view = limits.data;
  return (
    <div className="mt-3 space-y-3" data-testid="limits-body">
      <p className="text-slate-400">{LIMITS_TEXTS.intro}</p>
      <ExclusionForm exclusion={view.exclusion} save={(period) => saving(() => putExclusion({ period }))} />
      <p className="text-slate-400">{LIMITS_TEXTS.lossHint}</p>
      {LOSS_LIMIT_KINDS.map((kind) => (
        <LossLimitForm
          key={kind}
          kind={kind}
          view={view[kind]}
          save={(lamports) => saving(() => putLossLimit({ kind, lamports: lamports?.toString() ?? null }))}
        />
      ))}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
