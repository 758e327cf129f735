import { createColumnHelper } from '@tanstack/react-table';
import { type AdminIpRow, adminIpRowSchema } from '../../common/api/admin-rows.ts';
import { BanBadge, DateText, IpLink } from './admin-cells.tsx';
import { IpBanButton } from './ban-buttons.tsx';
import { DataTable } from './data-table.tsx';
import { FlaggedWalletsPanel } from './flagged-wallets-panel.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminIpRow>();

const COLUMNS = [
  col.accessor('ipAddress', { header: 'IP Address', cell: (c) => <IpLink ip={c.getValue()} /> }),
  col.accessor('country', { header: 'Country', cell: (c) => c.getValue() ?? 'Unknown' }),
  col.accessor('totalConnections', { header: 'Connections' }),
  col.accessor('walletCount', { header: 'Wallets' }),
  col.accessor('isBanned', { header: 'Status', cell: (c) => <BanBadge banned={c.getValue()} /> }),
  col.accessor('lastSeen', { header: 'Last Seen', cell: (c) => <DateText value={c.getValue()} /> }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => <IpBanButton ip={c.row.original.ipAddress} banned={c.row.original.isBanned} />,
  }),
];

/** IP addresses (country, connections, ban state; one links to its wallets) and the flagged wallets. */
export function SecurityTab({ search }: { search: string }) {
  const list = useAdminList(adminIpRowSchema, '/ips', { search });
  return (
    <div className="space-y-6">
      <section aria-labelledby="ips-heading">
        <h3 id="ips-heading" className="mb-2 font-bold text-green-300 text-sm">
          IP Addresses
        </h3>
        <DataTable
          label="IP Addresses"
          columns={COLUMNS}
          list={list}
          rowId={(r) => r.ipAddress}
          errorText="Failed to fetch IP addresses"
          emptyText={search ? `No IP addresses match '${search}'` : 'No IP addresses recorded yet'}
        />
      </section>
      <FlaggedWalletsPanel />
    </div>
  );
}
