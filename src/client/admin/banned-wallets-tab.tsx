import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import { adminPlacePath } from '../../common/admin-places.ts';
import { type AdminBannedWalletRow, adminBannedWalletRowSchema } from '../../common/api/admin-rows.ts';
import { DateText, IpLink, WalletLink } from './admin-cells.tsx';
import { WalletBanButton } from './ban-buttons.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminBannedWalletRow>();

/** Links to the wallet's page, whose Ban History lists every ban and unban of it. */
function HistoryButton({ address }: { address: string }) {
  return (
    <Link
      href={adminPlacePath({ kind: 'wallet', address })}
      aria-label={`Ban history of wallet ${address}`}
      className="text-cyan-300 underline decoration-dotted underline-offset-2 hover:text-cyan-100"
    >
      History
    </Link>
  );
}

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
    cell: (c) => (
      <span className="flex items-center gap-2">
        <WalletBanButton address={c.row.original.walletAddress} banned />
        <HistoryButton address={c.row.original.walletAddress} />
      </span>
    ),
  }),
];

/** The wallets banned now (a lifted ban is in the wallet's history only), newest first, with Unban and History. */
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
