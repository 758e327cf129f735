import { adminGameRowSchema } from '../../common/api/admin-rows.ts';
import { DataTable } from './data-table.tsx';
import { ExportCsvForm } from './export-csv-form.tsx';
import { GAME_COLUMNS } from './game-columns.tsx';
import { HeldPayoutsPanel } from './held-payouts-panel.tsx';
import { useAdminList } from './use-admin-list.ts';

/** Every recorded game, newest first, with its money and a replay; the search finds one by id, wallet or signature. */
export function GamesTab({ search }: { search: string }) {
  const list = useAdminList(adminGameRowSchema, '/games', { search });
  return (
    <>
      <HeldPayoutsPanel />
      <ExportCsvForm kind="games" search={search} />
      <DataTable
        label="Games"
        columns={GAME_COLUMNS}
        list={list}
        rowId={(r) => r.id}
        errorText="Failed to fetch games"
        emptyText={search ? `No games match '${search}'` : 'No games yet'}
      />
    </>
  );
}
