import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { adminPlacePath } from '../../common/admin-places.ts';
import { type AdminWalletRow, adminWalletRowSchema } from '../../common/api/admin-rows.ts';
import { Amount, BanBadge, DateText, WalletLink } from './admin-cells.tsx';
import { WalletBanButton } from './ban-buttons.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminWalletRow>();

function WalletActions({ row }: { row: AdminWalletRow }) {
  return (
    <span className="flex gap-2">
      <WalletBanButton address={row.wallet_address} banned={row.is_banned} />
      {/* The wallet's page lists its IPs (and its games). */}
      <Link
        href={adminPlacePath({ kind: 'wallet', address: row.wallet_address })}
        aria-label={`IPs of wallet ${row.wallet_address}`}
        className="whitespace-nowrap rounded border border-cyan-500 px-2 py-0.5 text-[11px] text-cyan-300 hover:bg-cyan-950"
      >
        IPs
      </Link>
    </span>
  );
}

const COLUMNS = [
  col.accessor('wallet_address', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('transaction_count', { header: 'Transactions' }),
  col.accessor('total_volume', {
    header: 'Total Volume',
    cell: (c) => <Amount sol={c.getValue()} lamports={c.row.original.total_volume_lamports} />,
  }),
  col.accessor('is_banned', { header: 'Status', cell: (c) => <BanBadge banned={c.getValue()} /> }),
  col.accessor('last_seen_at', { header: 'Last Seen', cell: (c) => <DateText value={c.getValue()} /> }),
  col.display({ id: 'actions', header: 'Actions', cell: (c) => <WalletActions row={c.row.original} /> }),
];

/** Every wallet the product has seen, with ban/unban and its IPs (SPEC §2). */
export function WalletsTab({ search }: { search: string }) {
  const list = useAdminList(adminWalletRowSchema, '/wallets', { search });
  return (
    <DataTable
      label="Wallets"
      columns={COLUMNS}
      list={list}
      rowId={(r) => r.wallet_address}
      errorText="Failed to fetch wallets"
      emptyText={search ? `No wallets match '${search}'` : 'No wallets yet'}
    />
  );
}
