import {
  type ChoiceParam,
  filterQueryParams,
  GAME_FILTERS,
  TRANSACTION_FILTERS,
} from '../../common/api/admin-list-filters.ts';
import { PAYOUT_STATE_TEXTS } from '../../common/api/admin-rows.ts';
import { lamportsToSolString, solToLamports } from '../../common/format.ts';
import { modeLabel, typeLabel } from '../history/history-labels.ts';

/**
 * The Transactions and Games tabs' filters as the page's address holds them
 * (`/admin/transactions?type=refund&mode=smol_shrimp&min=0.01&max=0.5`): each select by its API name and
 * value, the amount's bounds in SOL as `min` and `max`. A reload, Back or a shared link shows the same rows;
 * a value that is no filter is ignored. The API gets the same choices and the bounds in lamports, read from
 * the SOL text digit by digit (never through a float).
 */

/** One select of a filter bar: the parameter it sets and how its options read. */
export interface ChoiceFilter {
  label: string;
  param: ChoiceParam<string>;
  optionText(value: string): string;
}

/** A tab's filters: its selects, in order, and what its amount bounds. */
export interface FilterSpec {
  choices: readonly ChoiceFilter[];
  amountLabel: string;
}

const asIs = (value: string) => value;

export const TRANSACTION_FILTER_SPEC: FilterSpec = {
  choices: [
    { label: 'Type', param: TRANSACTION_FILTERS.type, optionText: typeLabel },
    { label: 'Status', param: TRANSACTION_FILTERS.status, optionText: asIs },
    { label: 'Mode', param: TRANSACTION_FILTERS.mode, optionText: modeLabel },
  ],
  amountLabel: 'Amount',
};

function payoutText(value: string): string {
  const state = GAME_FILTERS.payout.read(value);
  return state ? PAYOUT_STATE_TEXTS[state] : value;
}

export const GAME_FILTER_SPEC: FilterSpec = {
  choices: [
    { label: 'Mode', param: GAME_FILTERS.mode, optionText: modeLabel },
    { label: 'Status', param: GAME_FILTERS.status, optionText: asIs },
    { label: 'Payout', param: GAME_FILTERS.payout, optionText: payoutText },
  ],
  amountLabel: 'Entry fee',
};

/** A tab's filters: each select's value by its parameter ('' or absent: all), the bounds in lamports. */
export interface ListFilter {
  choices: Readonly<Record<string, string>>;
  min: bigint | null;
  max: bigint | null;
}

/** What the dashboard hands a filtered tab: the search term and the address's filters, and how to change them. */
export interface FilteredTabProps {
  search: string;
  filter: ListFilter;
  onFilterChange(filter: ListFilter): void;
}

export const NO_FILTER: ListFilter = { choices: {}, min: null, max: null };

/** A spec's filters with nothing chosen. */
export const noFilterOf = (spec: FilterSpec): ListFilter => listFilterOf(spec, new URLSearchParams());

/** An address's bound in SOL; null when absent or no amount. */
function boundOf(text: string | null): bigint | null {
  return text === null ? null : solToLamports(text);
}

/**
 * The filters the address holds, every select in the spec's order (so the address names them in one order);
 * a value that is no filter is left out, as are bounds both ways round.
 */
export function listFilterOf(spec: FilterSpec, query: URLSearchParams): ListFilter {
  const choices: Record<string, string> = {};
  for (const { param } of spec.choices) choices[param.name] = param.read(query.get(param.name) ?? '') ?? '';
  const min = boundOf(query.get('min'));
  const max = boundOf(query.get('max'));
  if (min !== null && max !== null && min > max) return { choices, min: null, max: null };
  return { choices, min, max };
}

const solText = (lamports: bigint | null) => (lamports === null ? '' : lamportsToSolString(lamports));

/** The filters as the page address's parameters (empty ones are left out of the address). */
export function listFilterAddress(filter: ListFilter): Record<string, string> {
  return { ...filter.choices, min: solText(filter.min), max: solText(filter.max) };
}

/** The filters as the list's and the export's API parameters: the bounds in lamports. */
export function listFilterApi(filter: ListFilter): Record<string, string> {
  return filterQueryParams({
    ...filter.choices,
    minLamports: filter.min ?? undefined,
    maxLamports: filter.max ?? undefined,
  });
}

export const isFiltered = (filter: ListFilter): boolean => Object.keys(listFilterApi(filter)).length > 0;

/** What an empty list says: nothing yet, or nothing matching the search or the filters. */
export function emptyText(noun: string, search: string, filtered: boolean): string {
  if (search) return `No ${noun} match '${search}'${filtered ? ' and the filters' : ''}`;
  return filtered ? `No ${noun} match the filters` : `No ${noun} yet`;
}
