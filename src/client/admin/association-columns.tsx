import { createColumnHelper } from '@tanstack/react-table';
import type { AssociationFields } from '../../common/api/admin-rows.ts';
import { BanBadge, DateText } from './admin-cells.tsx';

/** The columns a wallet–IP association shows from either side (SPEC §3 association rows). */
export function associationColumns<Row extends AssociationFields & { isBanned: boolean }>() {
  const col = createColumnHelper<Row>();
  return [
    col.accessor((r) => r.connectionCount, { id: 'connections', header: 'Connections' }),
    col.accessor((r) => r.totalGamesPlayed, { id: 'games', header: 'Games' }),
    col.accessor((r) => r.firstSeenTogether, {
      id: 'first',
      header: 'First Seen',
      cell: (c) => <DateText value={c.getValue()} />,
    }),
    col.accessor((r) => r.lastSeenTogether, {
      id: 'last',
      header: 'Last Seen',
      cell: (c) => <DateText value={c.getValue()} />,
    }),
    col.accessor((r) => r.isBanned, {
      id: 'status',
      header: 'Status',
      cell: (c) => <BanBadge banned={c.getValue()} />,
    }),
  ];
}
