import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { type AdminPlace, adminTabOf } from '../../common/admin-places.ts';
import { readSearchTerm } from '../../common/admin-search-term.ts';
import { ToastAnchor } from '../ui/toast-viewport.tsx';
import { fetchWalletConfig } from '../wallet/wallet-config.ts';
import type { AdminUserResponse } from './admin-api.ts';
import { AdminHeader } from './admin-header.tsx';
import { type AdminPanelApi, AdminPanelContext } from './admin-panel-context.tsx';
import { AdminPlacePage } from './admin-place-page.tsx';
import { AdminRoleContext, useAdminCan } from './admin-role.ts';
import { AdminSearch } from './admin-search.tsx';
import { AdminTabBar } from './admin-tabs.tsx';
import { AdminTimeZoneProvider } from './admin-time-zone.tsx';
import { AdminsTab } from './admins-tab.tsx';
import { BannedWalletsTab } from './banned-wallets-tab.tsx';
import { GamesTab } from './games-tab.tsx';
import {
  GAME_FILTER_SPEC,
  type ListFilter,
  listFilterAddress,
  listFilterOf,
  NO_FILTER,
  TRANSACTION_FILTER_SPEC,
} from './list-filters.ts';
import { OverviewTab } from './overview-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { StatCards } from './stat-cards.tsx';
import {
  ALL_EVENTS,
  type EventsFilter,
  eventsFilterOf,
  eventsFilterParams,
  SystemEventsTab,
} from './system-events-tab.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { placeUrl, useAdminAddress } from './use-admin-address.ts';
import { useAdminSearch } from './use-admin-search.ts';
import { WalletsTab } from './wallets-tab.tsx';

/**
 * The signed-in back-office (SPEC §2 "Admin panel"): header, search, stat cards, tabs. Where it is comes
 * from the address (src/common/admin-places.ts): a tab, or a game's, wallet's or IP's page; the search
 * term is the address's `?q=`, so a reload, Back or a shared link lands on the same place and results.
 */
export function AdminDashboard({ user, place }: { user: AdminUserResponse['user']; place: AdminPlace }) {
  return (
    <AdminRoleContext.Provider value={user.role}>
      <DashboardForRole user={user} place={place} />
    </AdminRoleContext.Provider>
  );
}

function DashboardForRole({ user, place }: { user: AdminUserResponse['user']; place: AdminPlace }) {
  const owner = useAdminCan('owner');
  const [, navigate] = useLocation();
  const { q, query } = useAdminAddress();
  const reading = readSearchTerm(q);
  const term = reading.ok ? (reading.term?.text ?? '') : '';
  const [input, setInput] = useState(q);
  const [problem, setProblem] = useState<string | null>(null);
  const eventsFilter = eventsFilterOf(query);
  /** A term refused as too short clears the last search's results and address, but not what was typed. */
  const keepInput = useRef(false);
  const searcher = useAdminSearch();
  const config = useQuery({ queryKey: ['/api/wallet-config'], queryFn: () => fetchWalletConfig() });
  const tab = adminTabOf(place);
  const listFilter =
    tab === 'transactions' || tab === 'games'
      ? listFilterOf(tab === 'games' ? GAME_FILTER_SPEC : TRANSACTION_FILTER_SPEC, query)
      : NO_FILTER;

  const go = useCallback((to: AdminPlace, withTerm: string) => navigate(placeUrl(to, withTerm)), [navigate]);
  const setEventsFilter = (filter: EventsFilter) =>
    navigate(placeUrl({ kind: 'tab', tab: 'events' }, term, eventsFilterParams(filter)), { replace: true });
  // The Transactions and Games filters are the address's too, replaced in place as System Events' are.
  const setListFilter = (filter: ListFilter) =>
    navigate(placeUrl(place, term, listFilterAddress(filter)), { replace: true });
  const { run, clear } = searcher;
  const search = useCallback(
    async (raw: string) => {
      const read = readSearchTerm(raw);
      setProblem(read.ok ? null : read.error);
      if (!read.ok) {
        // The old term's results are not this term's: the lists show everything again, the address says so.
        if (term) {
          keepInput.current = true;
          go(place, '');
        }
        return;
      }
      if (!read.term) return;
      setInput(read.term.text);
      go({ kind: 'tab', tab: await run(read.term.text) }, read.term.text);
    },
    [run, go, term, place],
  );

  // The address's term changed (a reload, Back, a link): show its counts; the tab is the address's own.
  // A search started here has already run when its address arrives, so it is not run twice.
  const ran = searcher.search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address's term changes, not when a search run here sets `ran`
  useEffect(() => {
    if (term === ran) return;
    if (keepInput.current) keepInput.current = false;
    else setInput(term);
    if (term) void run(term);
    else clear();
  }, [term]);

  const panel = useMemo<AdminPanelApi>(
    () => ({ search: (t) => void search(t), cluster: config.data?.cluster ?? null }),
    [search, config.data],
  );
  // Clearing the search leaves the list's own filters as they are.
  const clearSearch = () => {
    setInput('');
    setProblem(null);
    navigate(placeUrl(place, '', place.kind === 'tab' ? listFilterAddress(listFilter) : {}));
  };
  const showCritical = () =>
    navigate(
      placeUrl(
        { kind: 'tab', tab: 'events' },
        term,
        eventsFilterParams({ ...ALL_EVENTS, severity: 'critical', unresolved: true }),
      ),
    );

  return (
    <AdminPanelContext.Provider value={panel}>
      <AdminTimeZoneProvider>
        <div className="mt-4 w-full max-w-7xl space-y-4">
          <AdminHeader user={user} />
          <AdminSearch
            value={input}
            active={term}
            busy={searcher.busy}
            summary={term ? searcher.summary : null}
            problem={problem ?? (reading.ok ? null : reading.error)}
            onChange={setInput}
            onSearch={(t) => void search(t)}
            onClear={clearSearch}
          />
          {/* Toasts hang below the header and the search: never over who is signed in, Logout or Search. */}
          <ToastAnchor />
          <StatCards />
          <div>
            <AdminTabBar tab={tab} onSelect={(t) => go({ kind: 'tab', tab: t }, term)} owner={owner} />
            <div
              role="tabpanel"
              id="admin-tabpanel"
              aria-labelledby={`admin-tab-${tab}`}
              className="rounded-b-lg border-2 border-cyan-400/30 border-t-0 bg-slate-950/90 p-3 font-retro sm:p-4"
            >
              {place.kind !== 'tab' && <AdminPlacePage place={place} />}
              {place.kind === 'tab' && tab === 'overview' && <OverviewTab onShowCritical={showCritical} />}
              {place.kind === 'tab' && tab === 'transactions' && (
                <TransactionsTab search={term} filter={listFilter} onFilterChange={setListFilter} />
              )}
              {place.kind === 'tab' && tab === 'games' && (
                <GamesTab search={term} filter={listFilter} onFilterChange={setListFilter} />
              )}
              {place.kind === 'tab' && tab === 'wallets' && <WalletsTab search={term} />}
              {place.kind === 'tab' && tab === 'banned' && <BannedWalletsTab />}
              {place.kind === 'tab' && tab === 'security' && <SecurityTab search={term} />}
              {place.kind === 'tab' && tab === 'events' && (
                <SystemEventsTab filter={eventsFilter} onFilterChange={setEventsFilter} />
              )}
              {place.kind === 'tab' && tab === 'admins' && owner && <AdminsTab selfId={user.id} />}
            </div>
          </div>
        </div>
      </AdminTimeZoneProvider>
    </AdminPanelContext.Provider>
  );
}
