import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { type AdminFlaggedWalletRow, adminFlaggedWalletRowSchema } from '../../common/api/admin-rows.ts';
import { DateText, SeverityBadge, WalletLink } from './admin-cells.tsx';
import { DataTable } from './data-table.tsx';
import { ResolveFlagButton } from './flag-buttons.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminFlaggedWalletRow>();

/** Evidence is free JSON: text as is, anything else as compact JSON. */
export function evidenceText(evidence: unknown): string {
  if (evidence === null || evidence === undefined || evidence === '') return '-';
  return typeof evidence === 'string' ? evidence : JSON.stringify(evidence);
}

const COLUMNS = [
  col.accessor('walletAddress', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('severity', { header: 'Severity', cell: (c) => <SeverityBadge severity={c.getValue()} /> }),
  col.accessor('reason', {
    header: 'Reason',
    cell: (c) => <span className="block max-w-xs break-words">{c.getValue() ?? '-'}</span>,
  }),
  col.accessor('evidence', {
    header: 'Evidence',
    cell: (c) => <span className="block max-w-xs break-words">{evidenceText(c.getValue())}</span>,
  }),
  col.accessor('flaggedAt', { header: 'Flagged At', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('flaggedBy', { header: 'Flagged By', cell: (c) => c.getValue() ?? '-' }),
  col.display({
    id: 'state',
    header: 'Resolution',
    cell: ({ row: { original: f } }) =>
      f.isActive ? (
        <ResolveFlagButton flag={f} />
      ) : (
        <span className="text-slate-400">{f.resolutionNotes ?? 'Resolved'}</span>
      ),
  }),
];

/** Wallets flagged for review (SPEC §3 flagged wallet), open ones only unless asked. */
export function FlaggedWalletsPanel() {
  const [unresolvedOnly, setUnresolvedOnly] = useState(true);
  const list = useAdminList(adminFlaggedWalletRowSchema, '/flagged-wallets', { unresolved: unresolvedOnly });
  return (
    <section aria-labelledby="flagged-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="flagged-heading" className="font-bold text-green-300 text-sm">
          Flagged Wallets
        </h3>
        <label className="flex items-center gap-2 text-slate-300 text-xs">
          <input
            type="checkbox"
            checked={unresolvedOnly}
            onChange={(e) => setUnresolvedOnly(e.target.checked)}
          />
          Unresolved only
        </label>
      </div>
      <DataTable
        label="Flagged Wallets"
        columns={COLUMNS}
        list={list}
        rowId={(r) => r.id}
        errorText="Failed to fetch flagged wallets"
        emptyText={unresolvedOnly ? 'No open flags' : 'No flagged wallets'}
      />
    </section>
  );
}
