import { adminGameRowSchema } from '../../common/api/admin-rows.ts';
import { DataTable } from './data-table.tsx';
import { ExportCsvForm } from './export-csv-form.tsx';
import { GAME_COLUMNS } from './game-columns.tsx';
import { HeldPayoutsPanel } from './held-payouts-panel.tsx';
import { ListFilterBar } from './list-filter-bar.tsx';
import {
  emptyText,
  type FilteredTabProps,
  GAME_FILTER_SPEC,
  isFiltered,
  listFilterApi,
} from './list-filters.ts';
import { useAdminList } from './use-admin-list.ts';

/**
 * Every recorded game, newest first, with its money and a replay; the search finds one by id, wallet or
 * signature, the filters (the address's) narrow it to a mode, a completion status, a payout state and an
 * entry fee. The export holds the rows shown.
 */
export function GamesTab({ search, filter, onFilterChange }: FilteredTabProps) {
  const filters = listFilterApi(filter);
  const list = useAdminList(adminGameRowSchema, '/games', { search, ...filters });
  return (
    <>
      <HeldPayoutsPanel />
      <ListFilterBar spec={GAME_FILTER_SPEC} filter={filter} onChange={onFilterChange} />
      <ExportCsvForm kind="games" search={search} filters={filters} />
      <DataTable
        label="Games"
        columns={GAME_COLUMNS}
        list={list}
        rowId={(r) => r.id}
        errorText="Failed to fetch games"
        emptyText={emptyText('games', search, isFiltered(filter))}
      />
    </>
  );
}
