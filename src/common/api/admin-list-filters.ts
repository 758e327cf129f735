import { GAME_MODE_IDS } from '../game-modes.ts';
import { GAME_COMPLETION_STATUSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../ledger-values.ts';
import { PAYOUT_STATES } from './admin-rows.ts';

/**
 * The filters of the Transactions and Games lists (GET /api/admin/transactions and /games) and of their CSV
 * exports, which take the same parameters so that a file holds the rows its tab shows. Each is one query
 * value: one of its list's values, or an amount in whole lamports written as decimal digits (bounds
 * included). The server refuses any other value with 400 and the filter's `error`; the back-office's address
 * ignores it.
 */

/** The largest lamport amount a bigint column holds: a bound above it could not be compared there. */
export const MAX_FILTER_LAMPORTS = 9_223_372_036_854_775_807n;

export interface FilterParam<T> {
  name: string;
  /** The value a query text names, or undefined when it names none. */
  read(text: string): T | undefined;
  /** The refusal of a text `read` takes for no value. */
  error: string;
}

/** A filter by one value of a list (the select's options). */
export interface ChoiceParam<T extends string> extends FilterParam<T> {
  values: readonly T[];
}

function choiceParam<T extends string>(name: string, values: readonly T[]): ChoiceParam<T> {
  return {
    name,
    values,
    read: (text) => values.find((value) => value === text),
    error: `${name} must be one of ${values.join(', ')}`,
  };
}

const DIGITS = /^\d{1,19}$/;

function lamportsParam(name: string): FilterParam<bigint> {
  return {
    name,
    read: (text) => {
      const lamports = DIGITS.test(text) ? BigInt(text) : undefined;
      return lamports !== undefined && lamports <= MAX_FILTER_LAMPORTS ? lamports : undefined;
    },
    error: `${name} must be a whole number of lamports from 0 to ${MAX_FILTER_LAMPORTS}`,
  };
}

const minLamports = lamportsParam('minLamports');
const maxLamports = lamportsParam('maxLamports');

/** The ledger's rows of one type, status, game mode, and an amount from minLamports to maxLamports. */
export const TRANSACTION_FILTERS = {
  type: choiceParam('type', TRANSACTION_TYPES),
  status: choiceParam('status', TRANSACTION_STATUSES),
  mode: choiceParam('mode', GAME_MODE_IDS),
  minLamports,
  maxLamports,
} as const;

/** The games of one mode, completion status, payout state, and an entry fee from minLamports to maxLamports. */
export const GAME_FILTERS = {
  mode: choiceParam('mode', GAME_MODE_IDS),
  status: choiceParam('status', GAME_COMPLETION_STATUSES),
  payout: choiceParam('payout', PAYOUT_STATES),
  minLamports,
  maxLamports,
} as const;

export const LAMPORTS_RANGE_REVERSED = 'minLamports must not be more than maxLamports';

type Params = Record<string, FilterParam<unknown>>;

/** The values a list is filtered by: a filter left out narrows nothing. */
export type FilterValues<P extends Params> = {
  [K in keyof P]?: Exclude<ReturnType<P[K]['read']>, undefined>;
};
export type TransactionFilterValues = FilterValues<typeof TRANSACTION_FILTERS>;
export type GameFilterValues = FilterValues<typeof GAME_FILTERS>;

/** The filters as the API's query parameters, lamports as decimal text; a filter left out is no parameter. */
export function filterQueryParams(
  values: Record<string, string | bigint | undefined>,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params[name] = String(value);
  }
  return params;
}
