import type { AdminTabId } from '../../common/admin-places.ts';

export type { AdminTabId };

/** SPEC §2: the tabs, by name and in this order; each has its own path (src/common/admin-places.ts). */
export const ADMIN_TABS: readonly { id: AdminTabId; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'games', label: 'Games' },
  { id: 'wallets', label: 'Wallets' },
  { id: 'banned', label: 'Banned Wallets' },
  { id: 'security', label: 'Security' },
  { id: 'events', label: 'System Events' },
];

/** The owner's own tab, after SPEC's seven: managing the admins. */
export const OWNER_TABS: readonly { id: AdminTabId; label: string }[] = [{ id: 'admins', label: 'Admins' }];

/**
 * The tab strip; it wraps on a narrow screen rather than scrolling the page sideways. On a game's, wallet's
 * or IP's page, the tab it belongs to is marked selected, and choosing it goes back to that list.
 */
export function AdminTabBar({
  tab,
  onSelect,
  owner = false,
}: {
  tab: AdminTabId;
  onSelect(tab: AdminTabId): void;
  /** Shows the Admins tab (the owner alone manages the admins). */
  owner?: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label="Admin sections"
      className="flex flex-wrap gap-1 border-cyan-400/30 border-b"
    >
      {[...ADMIN_TABS, ...(owner ? OWNER_TABS : [])].map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`admin-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls="admin-tabpanel"
          onClick={() => onSelect(t.id)}
          className={`rounded-t px-3 py-2 font-retro text-xs ${
            tab === t.id
              ? 'border-2 border-cyan-400/60 border-b-0 bg-slate-900 text-cyan-200'
              : 'text-slate-400 hover:text-slate-100'
          }`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
