import { useState } from 'react';
import { type LossLimitView, solTextToLamports } from '../../common/api/player-limits-api.ts';
import type { LossLimitKind } from '../../common/player-limits.ts';
import { KIND_LABELS, LIMITS_TEXTS, pendingText, solOf } from './limits-texts.ts';

/** One loss limit: in force, the window's net loss, a pending raise; a new amount in SOL, or removal. */
export function LossLimitForm(props: {
  kind: LossLimitKind;
  view: LossLimitView;
  save(lamports: bigint | null): Promise<void>;
}) {
  const { kind, view } = props;
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async (lamports: bigint | null) => {
    setSaving(true);
    try {
      await props.save(lamports);
      setText('');
    } finally {
      setSaving(false);
    }
  };
  const submit = () => {
    const lamports = solTextToLamports(text);
    setInvalid(lamports === null);
    if (lamports !== null) void save(lamports);
  };
  const loss = BigInt(view.lossLamports);
  return (
    <fieldset className="rounded border border-slate-700 p-3" data-testid={`${kind}-limit-form`}>
      <legend className="px-1 font-bold text-yellow-300">{KIND_LABELS[kind]}</legend>
      <p>
        <span className="text-slate-400">Limit: </span>
        <span data-testid={`${kind}-limit`} className="text-green-300">
          {view.lamports === null ? LIMITS_TEXTS.noLimit : solOf(view.lamports)}
        </span>
        <span className="ml-3 text-slate-400">Net loss: </span>
        <span className="text-slate-200">{solOf(loss > 0n ? view.lossLamports : '0')}</span>
      </p>
      {view.pending && (
        <p className="text-cyan-200" data-testid={`${kind}-pending`}>
          {pendingText(view.pending.lamports, view.pending.effectiveAt)}
        </p>
      )}
      <form
        className="mt-2 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          aria-label={`${KIND_LABELS[kind]} in SOL`}
          inputMode="decimal"
          placeholder="SOL"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-28 rounded border border-slate-600 bg-slate-900 px-2 py-1"
        />
        <button
          type="submit"
          disabled={saving}
          className="rounded bg-green-500 px-3 py-1 font-bold text-slate-950 disabled:opacity-50"
        >
          {LIMITS_TEXTS.set}
        </button>
        {view.lamports !== null && view.pending?.lamports !== null && (
          <button
            type="button"
            disabled={saving}
            onClick={() => void save(null)}
            className="rounded border border-slate-500 px-3 py-1 disabled:opacity-50"
          >
            {LIMITS_TEXTS.remove}
          </button>
        )}
      </form>
      {invalid && (
        <p role="alert" className="mt-1 text-red-300">
          {LIMITS_TEXTS.badAmount}
        </p>
      )}
    </fieldset>
  );
}
