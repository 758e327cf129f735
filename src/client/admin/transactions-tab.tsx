import { createColumnHelper } from '@tanstack/react-table';
import { type AdminTransactionRow, adminTransactionRowSchema } from '../../common/api/admin-rows.ts';
import { modeLabel, typeLabel } from '../history/history-labels.ts';
import { Amount, DateText, GameIdLink, SignatureLink, WalletLink } from './admin-cells.tsx';
import { DataTable } from './data-table.tsx';
import { ExportCsvForm } from './export-csv-form.tsx';
import { ListFilterBar } from './list-filter-bar.tsx';
import {
  emptyText,
  type FilteredTabProps,
  isFiltered,
  listFilterApi,
  TRANSACTION_FILTER_SPEC,
} from './list-filters.ts';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminTransactionRow>();

const COLUMNS = [
  col.accessor('created_at', { header: 'Date', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('type', { header: 'Type', cell: (c) => typeLabel(c.getValue()) }),
  col.accessor('wallet_address', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('amount', {
    header: 'Amount',
    cell: (c) => <Amount sol={c.getValue()} lamports={c.row.original.amount_lamports} />,
  }),
  col.accessor('status', { header: 'Status' }),
  col.accessor('game_mode', { header: 'Mode', cell: (c) => (c.getValue() ? modeLabel(c.getValue()) : '-') }),
  col.accessor('game_id', { header: 'Game', cell: (c) => <GameIdLink id={c.getValue()} /> }),
  col.accessor('transaction_signature', {
    header: 'Signature',
    cell: (c) => <SignatureLink signature={c.getValue()} />,
  }),
];

/**
 * Every ledger row, newest first; the search narrows it to a wallet, a signature or a game, the filters (the
 * address's) to a type, a status, a mode and an amount. The export holds the rows shown.
 */
export function TransactionsTab({ search, filter, onFilterChange }: FilteredTabProps) {
  const filters = listFilterApi(filter);
  const list = useAdminList(adminTransactionRowSchema, '/transactions', { search, ...filters });
  return (
    <>
      <ListFilterBar spec={TRANSACTION_FILTER_SPEC} filter={filter} onChange={onFilterChange} />
      <ExportCsvForm kind="transactions" search={search} filters={filters} />
      <DataTable
        label="Transactions"
        columns={COLUMNS}
        list={list}
        rowId={(r) => r.id}
        errorText="Failed to fetch transactions"
        emptyText={emptyText('transactions', search, isFiltered(filter))}
      />
    </>
  );
}
