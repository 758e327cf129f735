import { createColumnHelper } from '@tanstack/react-table';
import { type WalletIpRow, walletIpRowSchema } from '../../common/api/admin-rows.ts';
import { IpLink } from './admin-cells.tsx';
import { associationColumns } from './association-columns.tsx';
import { IpBanButton } from './ban-buttons.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';
import { useErrorToast } from './use-error-toast.ts';

const col = createColumnHelper<WalletIpRow>();

const COLUMNS = [
  col.accessor('ipAddress', { header: 'IP Address', cell: (c) => <IpLink ip={c.getValue()} /> }),
  col.accessor('country', { header: 'Country', cell: (c) => c.getValue() ?? 'Unknown' }),
  ...associationColumns<WalletIpRow>(),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => <IpBanButton ip={c.row.original.ipAddress} banned={c.row.original.isBanned} />,
  }),
];

export const WALLET_IPS_ERROR = 'Failed to fetch IP associations for this wallet.';

/** The IPs one wallet used (SPEC §7 association rows); an IP opens the wallets seen from it. */
export function WalletIpsTable({ address }: { address: string }) {
  const list = useAdminList(walletIpRowSchema, `/wallets/${encodeURIComponent(address)}/ips`);
  useErrorToast(list.isError, WALLET_IPS_ERROR);
  return (
    <DataTable
      label="Wallet IPs"
      columns={COLUMNS}
      list={list}
      rowId={(r) => r.ipAddress}
      errorText={WALLET_IPS_ERROR}
      emptyText="No IP addresses recorded for this wallet"
    />
  );
}
