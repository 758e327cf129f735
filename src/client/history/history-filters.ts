import type { TransactionGroup } from './history-groups.ts';
import { type HistoryTransaction, isPayout } from './history-transaction.ts';

/**
 * SPEC §2 filter chips All / Games / Wagers / Refunds. Counts are of the flat list, the player's own
 * rows without payouts (SPEC §4: payouts are hidden there and merged into their game's group); the panel
 * shows the groups that hold at least one row of the chosen kind.
 */
export type HistoryFilter = 'all' | 'games' | 'wagers' | 'refunds';

export const HISTORY_FILTERS: readonly HistoryFilter[] = ['all', 'games', 'wagers', 'refunds'];

export const FILTER_LABELS: Record<HistoryFilter, string> = {
  all: 'All',
  games: 'Games',
  wagers: 'Wagers',
  refunds: 'Refunds',
};

export function flatList(rows: readonly HistoryTransaction[]): HistoryTransaction[] {
  return rows.filter((t) => !isPayout(t));
}

export function matchesFilter(t: HistoryTransaction, filter: HistoryFilter): boolean {
  switch (filter) {
    case 'all':
      return !isPayout(t);
    case 'games':
      return t.type === 'game_record';
    case 'wagers':
      return t.type === 'entry_fee';
    case 'refunds':
      return t.type === 'refund';
  }
}

export function countByFilter(rows: readonly HistoryTransaction[]): Record<HistoryFilter, number> {
  const counts = { all: 0, games: 0, wagers: 0, refunds: 0 };
  for (const t of rows) for (const f of HISTORY_FILTERS) if (matchesFilter(t, f)) counts[f]++;
  return counts;
}

export function groupsForFilter(
  groups: readonly TransactionGroup[],
  filter: HistoryFilter,
): TransactionGroup[] {
  if (filter === 'all') return [...groups];
  return groups.filter((g) => g.transactions.some((t) => matchesFilter(t, filter)));
}

/** 'Showing N filter (filtered from M total)'. */
export function showingText(filter: HistoryFilter, shown: number, total: number): string {
  return `Showing ${shown} ${FILTER_LABELS[filter].toLowerCase()} (filtered from ${total} total)`;
}

/** 'No transactions found', or 'No {filter} found' under a chip. */
export function emptyText(filter: HistoryFilter): string {
  return filter === 'all' ? 'No transactions found' : `No ${FILTER_LABELS[filter].toLowerCase()} found`;
}
