import { useEffect, useState } from 'react';
import { lamportsToSolString, solToLamports } from '../../common/format.ts';
import { FilterSelect } from './filter-select.tsx';
import { type FilterSpec, isFiltered, type ListFilter, noFilterOf } from './list-filters.ts';

type Bound = 'min' | 'max';

const solText = (lamports: bigint | null) => (lamports === null ? '' : lamportsToSolString(lamports));

/** A typed bound: null when left empty, undefined when it is no SOL amount. */
const boundOf = (text: string): bigint | null | undefined =>
  text.trim() === '' ? null : (solToLamports(text) ?? undefined);

export const AMOUNT_PROBLEMS = {
  notSol: 'Amounts are SOL: digits, at most 9 decimals',
  reversed: 'The minimum is more than the maximum',
} as const;

type Bounds = { ok: true; min: bigint | null; max: bigint | null } | { ok: false; problem: string };

/** The typed bounds, when both are SOL amounts (or empty) in order; else what is wrong with them. */
function boundsOf(texts: Record<Bound, string>): Bounds {
  const [min, max] = [boundOf(texts.min), boundOf(texts.max)];
  if (min === undefined || max === undefined) return { ok: false, problem: AMOUNT_PROBLEMS.notSol };
  if (min !== null && max !== null && min > max) return { ok: false, problem: AMOUNT_PROBLEMS.reversed };
  return { ok: true, min, max };
}

/**
 * A tab's filters above its table: a select per choice and the amount's bounds in SOL, each change applied at
 * once (the tab writes it to the address); a bound is applied only while both read as SOL amounts in order,
 * and says why not otherwise. Wraps on a narrow screen.
 */
export function ListFilterBar({
  spec,
  filter,
  onChange,
}: {
  spec: FilterSpec;
  filter: ListFilter;
  onChange(filter: ListFilter): void;
}) {
  const [texts, setTexts] = useState(() => ({ min: solText(filter.min), max: solText(filter.max) }));
  // The address changed under the inputs (Back, a link): show its bounds, unless the text already reads so.
  useEffect(() => {
    setTexts((t) => ({
      min: boundOf(t.min) === filter.min ? t.min : solText(filter.min),
      max: boundOf(t.max) === filter.max ? t.max : solText(filter.max),
    }));
  }, [filter.min, filter.max]);

  const bounds = boundsOf(texts);
  const problem = bounds.ok ? null : bounds.problem;

  const typeBound = (bound: Bound, text: string) => {
    const next = { ...texts, [bound]: text };
    setTexts(next);
    const typed = boundsOf(next);
    if (typed.ok && (typed.min !== filter.min || typed.max !== filter.max)) {
      onChange({ ...filter, min: typed.min, max: typed.max });
    }
  };
  const clear = () => {
    setTexts({ min: '', max: '' });
    onChange(noFilterOf(spec));
  };
  const boundInput = (bound: Bound) => (
    <input
      type="text"
      inputMode="decimal"
      placeholder={bound}
      aria-label={`${spec.amountLabel} ${bound} (SOL)`}
      aria-invalid={problem !== null}
      value={texts[bound]}
      onChange={(e) => typeBound(bound, e.target.value)}
      className="w-20 rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-100"
    />
  );

  return (
    <fieldset
      aria-label="Filters"
      className="mb-3 flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 text-slate-300 text-xs"
    >
      {spec.choices.map(({ label, param, optionText }) => (
        <FilterSelect
          key={param.name}
          label={label}
          value={filter.choices[param.name] ?? ''}
          options={param.values}
          optionText={optionText}
          onChange={(value) => onChange({ ...filter, choices: { ...filter.choices, [param.name]: value } })}
        />
      ))}
      <span className="flex items-center gap-2">
        {spec.amountLabel} (SOL)
        {boundInput('min')}
        <span aria-hidden="true">–</span>
        {boundInput('max')}
      </span>
      <button
        type="button"
        onClick={clear}
        disabled={!isFiltered(filter) && texts.min === '' && texts.max === ''}
        className="rounded border border-slate-500 px-3 py-1 text-slate-200 hover:bg-slate-800 disabled:opacity-40"
      >
        Clear filters
      </button>
      {problem && (
        <span role="alert" className="text-red-300">
          {problem}
        </span>
      )}
    </fieldset>
  );
}
