import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import {
  adminGameRowSchema,
  adminIpRowSchema,
  adminTransactionRowSchema,
  adminWalletRowSchema,
} from '../../common/api/admin-rows.ts';
import type { Page } from '../../common/api/wire-values.ts';
import { BASE58_ADDRESS } from '../../common/rules.ts';
import { UUID_ONLY } from '../../common/text-checks.ts';
import { useAdminFetch } from './admin-fetch.ts';
import type { AdminTabId } from './admin-tabs.tsx';
import { adminListOptions } from './use-admin-list.ts';

/** The lists the search box drives (SPEC §2): transactions, games, wallets, and the Security tab's IPs. */
const SEARCHED = [
  { tab: 'transactions', path: '/transactions', row: adminTransactionRowSchema, noun: 'transaction' },
  { tab: 'games', path: '/games', row: adminGameRowSchema, noun: 'game' },
  { tab: 'wallets', path: '/wallets', row: adminWalletRowSchema, noun: 'wallet' },
  { tab: 'security', path: '/ips', row: adminIpRowSchema, noun: 'IP' },
] as const;

type SearchedTab = (typeof SEARCHED)[number]['tab'];

const UUID = UUID_ONLY;
const IP_LIKE = /^[0-9.]+$|:/;

/**
 * Which tab answers a term best: a game id → Games, an address → Wallets, digits and dots (or a colon) →
 * Security's IPs, anything else → Transactions; the first of them that found something is opened.
 */
export function preferredTabs(term: string): SearchedTab[] {
  if (UUID.test(term)) return ['games', 'transactions', 'wallets', 'security'];
  if (BASE58_ADDRESS.test(term)) return ['wallets', 'transactions', 'games', 'security'];
  if (IP_LIKE.test(term)) return ['security', 'transactions', 'games', 'wallets'];
  return ['transactions', 'games', 'wallets', 'security'];
}

const countText = (page: Page<unknown> | null, noun: string) => {
  if (!page) return `${noun}s failed`;
  const n = `${page.items.length}${page.nextCursor ? '+' : ''}`;
  return `${n} ${noun}${page.items.length === 1 && !page.nextCursor ? '' : 's'}`;
};

/**
 * Runs a search over the lists at once (their first pages land in the lists' own cache) and says how many
 * each found; answers the best tab that found something, for the caller to open.
 */
export function useAdminSearch() {
  const api = useAdminFetch();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (term: string): Promise<AdminTabId> => {
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
      setSummary(
        `Results for '${term}': ${SEARCHED.map((s, i) => countText(pages[i] ?? null, s.noun)).join(', ')}`,
      );
      const order = preferredTabs(term);
      return order.find((tab) => found.get(tab)) ?? order[0] ?? 'transactions';
    },
    [api, queryClient],
  );

  const clear = useCallback(() => {
    setSearch('');
    setSummary(null);
  }, []);

  return { search, summary, busy, run, clear };
}
