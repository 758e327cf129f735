import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import {
  adminGameRowSchema,
  adminTransactionRowSchema,
  adminWalletRowSchema,
} from '../../common/api/admin-rows.ts';
import type { Page } from '../../common/api/wire-values.ts';
import { BASE58_ADDRESS } from '../../common/rules.ts';
import { useAdminFetch } from './admin-fetch.ts';
import type { AdminTabId } from './admin-tabs.tsx';
import { adminListOptions } from './use-admin-list.ts';

/** The three lists the search box drives (SPEC §2). */
const SEARCHED = [
  { tab: 'transactions', path: '/transactions', row: adminTransactionRowSchema, noun: 'transaction' },
  { tab: 'games', path: '/games', row: adminGameRowSchema, noun: 'game' },
  { tab: 'wallets', path: '/wallets', row: adminWalletRowSchema, noun: 'wallet' },
] as const;

type SearchedTab = (typeof SEARCHED)[number]['tab'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which tab answers a term best: a game id → Games, an address → Wallets, anything else → Transactions. */
export function preferredTabs(term: string): SearchedTab[] {
  if (UUID.test(term)) return ['games', 'transactions', 'wallets'];
  if (BASE58_ADDRESS.test(term)) return ['wallets', 'transactions', 'games'];
  return ['transactions', 'games', 'wallets'];
}

const countText = (page: Page<unknown> | null, noun: string) => {
  if (!page) return `${noun}s failed`;
  const n = `${page.items.length}${page.nextCursor ? '+' : ''}`;
  return `${n} ${noun}${page.items.length === 1 && !page.nextCursor ? '' : 's'}`;
};

/**
 * Runs a search over the three lists at once (their first pages land in the lists' own cache), then opens
 * the best tab that found something.
 */
export function useAdminSearch(openTab: (tab: AdminTabId) => void) {
  const api = useAdminFetch();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (term: string) => {
      setSearch(term);
      setBusy(true);
      const pages = await Promise.all(
        SEARCHED.map((s) =>
          queryClient
            .fetchInfiniteQuery({
              ...adminListOptions<z.ZodType>(api, s.row, s.path, { search: term }),
              staleTime: 0,
            })
            .then((data) => data.pages[0] ?? null)
            .catch(() => null),
        ),
      );
      setBusy(false);
      const found = new Map(SEARCHED.map((s, i) => [s.tab, (pages[i]?.items.length ?? 0) > 0]));
      const order = preferredTabs(term);
      openTab(order.find((tab) => found.get(tab)) ?? order[0] ?? 'transactions');
      setSummary(
        `Results for '${term}': ${SEARCHED.map((s, i) => countText(pages[i] ?? null, s.noun)).join(', ')}`,
      );
    },
    [api, queryClient, openTab],
  );

  const clear = useCallback(() => {
    setSearch('');
    setSummary(null);
  }, []);

  return { search, summary, busy, run, clear };
}
