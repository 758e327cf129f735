import { createColumnHelper } from '@tanstack/react-table';
import { type AdminBannedWalletRow, adminBannedWalletRowSchema } from '../../common/api/admin-rows.ts';
import { DateText, IpLink, WalletLink } from './admin-cells.tsx';
import { WalletBanButton } from './ban-buttons.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminBannedWalletRow>();

const COLUMNS = [
  col.accessor('walletAddress', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('bannedAt', { header: 'Banned At', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('bannedBy', { header: 'Banned By', cell: (c) => c.getValue() ?? '-' }),
  col.accessor('reason', {
    header: 'Reason',
    cell: (c) => <span className="block max-w-xs break-words">{c.getValue() ?? '-'}</span>,
  }),
  col.accessor('ipAddressAtBan', { header: 'IP at Ban', cell: (c) => <IpLink ip={c.getValue()} /> }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => <WalletBanButton address={c.row.original.walletAddress} banned />,
  }),
];

/** The wallets banned now, newest first, each with Unban. */
export function BannedWalletsTab() {
  const list = useAdminList(adminBannedWalletRowSchema, '/banned-wallets');
  return (
    <DataTable
      label="Banned Wallets"
      columns={COLUMNS}
      list={list}
      rowId={(r) => r.id}
      errorText="Failed to fetch banned wallets"
      emptyText="No banned wallets"
    />
  );
}
