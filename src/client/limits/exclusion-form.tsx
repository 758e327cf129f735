import { useState } from 'react';
import { type PlayerLimitsAnswer, SELF_EXCLUSION_PERIOD_IDS } from '../../common/api/player-limits-api.ts';
import type { SelfExclusionPeriod } from '../../common/rules.ts';
import { excludedText, LIMITS_TEXTS, PERIOD_LABELS } from './limits-texts.ts';

/** The self-exclusion: what is in force, and a period to start (or lengthen it to), confirmed in two steps. */
export function ExclusionForm(props: {
  exclusion: PlayerLimitsAnswer['exclusion'];
  save(period: SelfExclusionPeriod): Promise<void>;
}) {
  const [period, setPeriod] = useState<SelfExclusionPeriod>('24h');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const { exclusion } = props;
  const confirm = async () => {
    setSaving(true);
    try {
      await props.save(period);
      setConfirming(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <fieldset className="rounded border border-slate-700 p-3" data-testid="exclusion-form">
      <legend className="px-1 font-bold text-yellow-300">{LIMITS_TEXTS.exclusionTitle}</legend>
      {exclusion && (
        <p role="status" className="mb-2 text-red-300">
          {excludedText(exclusion.endsAt)}
        </p>
      )}
      {exclusion?.endsAt !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <select
            aria-label="Exclusion period"
            value={period}
            disabled={confirming}
            onChange={(e) => setPeriod(e.target.value as SelfExclusionPeriod)}
            className="rounded border border-slate-600 bg-slate-900 px-2 py-1"
          >
            {SELF_EXCLUSION_PERIOD_IDS.map((id) => (
              <option key={id} value={id}>
                {PERIOD_LABELS[id]}
              </option>
            ))}
          </select>
          {!confirming && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="rounded border border-red-400 px-3 py-1 text-red-200 hover:bg-red-500/20"
            >
              {exclusion ? LIMITS_TEXTS.lengthen : LIMITS_TEXTS.exclude}
            </button>
          )}
        </div>
      )}
      {confirming && (
        <div className="mt-2 space-y-2">
          <p className="text-yellow-200">{LIMITS_TEXTS.confirmWarning}</p>
          <button
            type="button"
            disabled={saving}
            onClick={() => void confirm()}
            className="rounded bg-red-500 px-3 py-1 font-bold text-slate-950 hover:bg-red-400 disabled:opacity-50"
          >
            {LIMITS_TEXTS.confirm} ({PERIOD_LABELS[period]})
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="ml-2 rounded border border-slate-500 px-3 py-1"
          >
            {LIMITS_TEXTS.back}
          </button>
        </div>
      )}
    </fieldset>
  );
}
