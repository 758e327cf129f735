import { HISTORY_TEXTS } from '../../common/api/history-texts.ts';
import type { TransactionGroup } from './history-groups.ts';
import { type HistoryTransaction, isPayout } from './history-transaction.ts';

/**
 * SPEC §2 filter chips All / Games / Wagers / Refunds. The panel shows the groups (one per game or search)
 * that hold at least one row of the chosen kind, and each chip counts exactly the groups it would show: a
 * count over rows ('All 3' above two games) would not match what the player sees.
 */
export type HistoryFilter = 'all' | 'games' | 'wagers' | 'refunds';

export const HISTORY_FILTERS: readonly HistoryFilter[] = ['all', 'games', 'wagers', 'refunds'];

export const FILTER_LABELS: Record<HistoryFilter, string> = {
  all: 'All',
  games: 'Games',
  wagers: 'Wagers',
  refunds: 'Refunds',
};

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

/** Per chip, the number of groups it shows. */
export function countByFilter(groups: readonly TransactionGroup[]): Record<HistoryFilter, number> {
  const counts = { all: 0, games: 0, wagers: 0, refunds: 0 };
  for (const f of HISTORY_FILTERS) counts[f] = groupsForFilter(groups, f).length;
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
  return filter === 'all' ? HISTORY_TEXTS.empty : `No ${FILTER_LABELS[filter].toLowerCase()} found`;
}
