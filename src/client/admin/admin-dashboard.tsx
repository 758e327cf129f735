import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fetchWalletConfig } from '../wallet/wallet-config.ts';
import type { AdminUserResponse } from './admin-api.ts';
import { AdminHeader } from './admin-header.tsx';
import { type AdminPanelApi, AdminPanelContext, type InspectTarget } from './admin-panel-context.tsx';
import { AdminRoleContext, useAdminCan } from './admin-role.ts';
import { AdminSearch } from './admin-search.tsx';
import { AdminTabBar, type AdminTabId } from './admin-tabs.tsx';
import { AdminsTab } from './admins-tab.tsx';
import { BannedWalletsTab } from './banned-wallets-tab.tsx';
import { GamesTab } from './games-tab.tsx';
import { InspectorDialog } from './inspector-dialog.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { StatCards } from './stat-cards.tsx';
import { type EventsFilter, SystemEventsTab } from './system-events-tab.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { useAdminSearch } from './use-admin-search.ts';
import { WalletsTab } from './wallets-tab.tsx';

const ALL_EVENTS: EventsFilter = { severity: '', unresolved: false };

/** The signed-in back-office (SPEC §2 "Admin panel"): header, search, stat cards, tabs, detail dialog. */
export function AdminDashboard({ user }: { user: AdminUserResponse['user'] }) {
  return (
    <AdminRoleContext.Provider value={user.role}>
      <DashboardForRole user={user} />
    </AdminRoleContext.Provider>
  );
}

function DashboardForRole({ user }: { user: AdminUserResponse['user'] }) {
  const owner = useAdminCan('owner');
  const [tab, setTab] = useState<AdminTabId>('overview');
  const [input, setInput] = useState('');
  const [eventsFilter, setEventsFilter] = useState<EventsFilter>(ALL_EVENTS);
  const [stack, setStack] = useState<InspectTarget[]>([]);
  const searcher = useAdminSearch(setTab);
  const config = useQuery({ queryKey: ['/api/wallet-config'], queryFn: () => fetchWalletConfig() });

  const { run } = searcher;
  const search = useCallback(
    (term: string) => {
      setInput(term);
      setStack([]);
      void run(term);
    },
    [run],
  );
  const panel = useMemo<AdminPanelApi>(
    () => ({
      inspect: (target) => setStack((s) => [...s, target]),
      search,
      cluster: config.data?.cluster ?? null,
    }),
    [search, config.data],
  );

  const term = searcher.search;
  const clearSearch = () => {
    setInput('');
    searcher.clear();
  };
  const showCritical = () => {
    setEventsFilter({ severity: 'critical', unresolved: true });
    setTab('events');
  };

  return (
    <AdminPanelContext.Provider value={panel}>
      <div className="mt-4 w-full max-w-7xl space-y-4">
        <AdminHeader user={user} />
        <AdminSearch
          value={input}
          active={term}
          busy={searcher.busy}
          summary={searcher.summary}
          onChange={setInput}
          onSearch={search}
          onClear={clearSearch}
        />
        <StatCards />
        <div>
          <AdminTabBar tab={tab} onSelect={setTab} owner={owner} />
          <div
            role="tabpanel"
            id="admin-tabpanel"
            aria-labelledby={`admin-tab-${tab}`}
            className="rounded-b-lg border-2 border-cyan-400/30 border-t-0 bg-slate-950/90 p-3 font-retro sm:p-4"
          >
            {tab === 'overview' && <OverviewTab onShowCritical={showCritical} />}
            {tab === 'transactions' && <TransactionsTab search={term} />}
            {tab === 'games' && <GamesTab search={term} />}
            {tab === 'wallets' && <WalletsTab search={term} />}
            {tab === 'banned' && <BannedWalletsTab />}
            {tab === 'security' && <SecurityTab />}
            {tab === 'events' && <SystemEventsTab filter={eventsFilter} onFilterChange={setEventsFilter} />}
            {tab === 'admins' && owner && <AdminsTab selfId={user.id} />}
          </div>
        </div>
      </div>
      <InspectorDialog
        stack={stack}
        onBack={() => setStack((s) => s.slice(0, -1))}
        onClose={() => setStack([])}
      />
    </AdminPanelContext.Provider>
  );
}
