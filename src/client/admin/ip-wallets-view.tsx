import { createColumnHelper } from '@tanstack/react-table';
import { type IpWalletRow, ipWalletRowSchema } from '../../common/api/admin-rows.ts';
import { WalletLink } from './admin-cells.tsx';
import { associationColumns } from './association-columns.tsx';
import { WalletBanButton } from './ban-buttons.tsx';
import { BanHistoryTable } from './ban-history-table.tsx';
import { DataTable } from './data-table.tsx';
import { IpSummary } from './ip-summary.tsx';
import { useAdminList } from './use-admin-list.ts';
import { useErrorToast } from './use-error-toast.ts';

const col = createColumnHelper<IpWalletRow>();

const COLUMNS = [
  col.accessor('walletAddress', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  ...associationColumns<IpWalletRow>(),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => <WalletBanButton address={c.row.original.walletAddress} banned={c.row.original.isBanned} />,
  }),
];

export const IP_WALLETS_ERROR = 'Failed to fetch wallet associations for this IP.';

/**
 * One IP: its ban (with the action), place, sightings and risk; the wallets seen from it (SPEC §7 association
 * rows), a wallet opening its own detail; its ban history.
 */
export function IpWalletsView({ ip }: { ip: string }) {
  const list = useAdminList(ipWalletRowSchema, `/ips/${encodeURIComponent(ip)}/wallets`);
  useErrorToast(list.isError, IP_WALLETS_ERROR);
  return (
    <div className="space-y-5">
      <IpSummary ip={ip} />
      <DataTable
        label={`Wallets of IP ${ip}`}
        columns={COLUMNS}
        list={list}
        rowId={(r) => r.walletAddress}
        errorText={IP_WALLETS_ERROR}
        emptyText="No wallets seen from this IP"
      />
      <section>
        <h4 className="mb-2 font-bold text-green-300 text-xs uppercase tracking-wider">Ban History</h4>
        <BanHistoryTable target={{ kind: 'ip', value: ip }} />
      </section>
    </div>
  );
}
