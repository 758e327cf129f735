import type { z } from 'zod';
import { historyReadSchema } from '../../common/api/player-api.ts';
import { type HistoryTransaction, parseHistoryTransaction } from './history-transaction.ts';

/**
 * SPEC §7 GET /api/transactions/history/{walletAddress} → { success, transactions, message }, newest first.
 * The server pages with `limit` (at most 200) and `before` (the `nextCursor` of the previous page); the
 * panel reads up to MAX_PAGES pages so that its counts cover the whole history of an ordinary player. Only
 * the signed-in session of that wallet may read it: the session cookie goes with every request, and a 401
 * (signed out) or 403 (another wallet) is SPEC §8's 'Failed to fetch transactions' with the server's reason.
 */

export const HISTORY_PAGE_LIMIT = 200;
export const HISTORY_MAX_PAGES = 5;

/** SPEC §8 history messages. */
export const HISTORY_ERRORS = {
  notSuccessful: 'Failed to fetch transactions',
  exception: 'An error occurred while fetching transactions',
} as const;

export class HistoryFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HistoryFetchError';
  }
}

/** SPEC §7's envelope, for an answer and a refusal alike; the rows are parsed one by one. */
const pageSchema = historyReadSchema;

export interface HistoryFetchOptions {
  /** '' in the browser (same origin); the server's URL in a Node test. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

export function historyUrl(baseUrl: string, wallet: string, before: string | null): string {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_LIMIT) });
  if (before) query.set('before', before);
  return `${baseUrl}/api/transactions/history/${encodeURIComponent(wallet)}?${query}`;
}

/** The history is only for the signed-in session of its wallet (RELIABILITY 33); the cookie carries it. */
const isRefusal = (status: number) => status === 401 || status === 403;

async function fetchPage(url: string, options: HistoryFetchOptions): Promise<z.output<typeof pageSchema>> {
  const doFetch = options.fetchImpl ?? fetch;
  let body: unknown;
  try {
    const res = await doFetch(url, {
      credentials: 'include',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (isRefusal(res.status)) {
      // Signed out (401) or another wallet's history (403): the server says why in SPEC §7's shape.
      const refused = pageSchema.safeParse(await res.json().catch(() => null));
      const why = refused.success ? refused.data.message : null;
      throw new HistoryFetchError(HISTORY_ERRORS.notSuccessful, {
        cause: `${res.status}: ${why ?? res.statusText}`,
      });
    }
    if (!res.ok) throw new Error(`${res.status}: ${(await res.text().catch(() => '')) || res.statusText}`);
    body = await res.json();
  } catch (cause) {
    if (cause instanceof HistoryFetchError) throw cause;
    throw new HistoryFetchError(HISTORY_ERRORS.exception, { cause });
  }
  const page = pageSchema.safeParse(body);
  if (!page.success) throw new HistoryFetchError(HISTORY_ERRORS.exception, { cause: page.error });
  if (!page.data.success) {
    throw new HistoryFetchError(HISTORY_ERRORS.notSuccessful, { cause: page.data.message ?? undefined });
  }
  return page.data;
}

/** The wallet's history, newest first, each row parsed (rows the panel cannot read are left out). */
export async function fetchHistory(
  wallet: string,
  options: HistoryFetchOptions = {},
): Promise<HistoryTransaction[]> {
  const rows = new Map<string, HistoryTransaction>();
  let before: string | null = null;
  for (let page = 0; page < HISTORY_MAX_PAGES; page++) {
    const data = await fetchPage(historyUrl(options.baseUrl ?? '', wallet, before), options);
    for (const raw of data.transactions ?? []) {
      const row = parseHistoryTransaction(raw);
      if (row && !rows.has(row.id)) rows.set(row.id, row);
    }
    before = data.nextCursor ?? null;
    if (!before) break;
  }
  return [...rows.values()];
}
