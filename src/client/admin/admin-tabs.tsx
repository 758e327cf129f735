/** SPEC §2: the tabs, by name and in this order. */
export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'games', label: 'Games' },
  { id: 'wallets', label: 'Wallets' },
  { id: 'banned', label: 'Banned Wallets' },
  { id: 'security', label: 'Security' },
  { id: 'events', label: 'System Events' },
] as const;

/** The owner's own tab, after SPEC's seven: managing the admins. */
export const OWNER_TABS = [{ id: 'admins', label: 'Admins' }] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'] | (typeof OWNER_TABS)[number]['id'];

/** The tab strip; it wraps on a narrow screen rather than scrolling the page sideways. */
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
