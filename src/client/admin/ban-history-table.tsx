import { createColumnHelper } from '@tanstack/react-table';
import { type BanHistoryRow, type BanTarget, banHistoryRowSchema } from '../../common/api/ban-history-api.ts';
import { DateText } from './admin-cells.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<BanHistoryRow>();

const COLUMNS = [
  col.accessor('at', { header: 'When', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('action', {
    header: 'Action',
    cell: (c) => (
      <span className={c.getValue() === 'ban' ? 'text-red-300' : 'text-green-300'}>
        {c.getValue() === 'ban' ? 'Banned' : 'Unbanned'}
      </span>
    ),
  }),
  col.accessor('by', { header: 'By' }),
  col.accessor('reason', {
    header: 'Reason',
    cell: (c) => <span className="block max-w-xs break-words">{c.getValue() ?? '-'}</span>,
  }),
  col.accessor('actorIp', { header: 'From IP', cell: (c) => c.getValue() ?? '-' }),
];

export const BAN_HISTORY_ERROR = 'Failed to fetch the ban history.';

/**
 * Every ban and unban of one wallet or IP, newest first, with who, when, why and from where. It takes only
 * its target, so any detail view (a dialog today, a page of its own tomorrow) can hold it.
 */
export function BanHistoryTable({ target }: { target: BanTarget }) {
  const list = useAdminList(banHistoryRowSchema, '/ban-history', { [target.kind]: target.value });
  return (
    <DataTable
      label={`Ban history of ${target.kind === 'wallet' ? 'wallet' : 'IP'} ${target.value}`}
      columns={COLUMNS}
      list={list}
      rowId={(r) => r.id}
      errorText={BAN_HISTORY_ERROR}
      emptyText="Never banned"
    />
  );
}
