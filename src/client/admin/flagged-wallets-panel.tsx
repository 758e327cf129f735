import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { type AdminFlaggedWalletRow, adminFlaggedWalletRowSchema } from '../../common/api/admin-rows.ts';
import { DateText, SeverityBadge, WalletLink } from './admin-cells.tsx';
import { DataTable } from './data-table.tsx';
import { BanFlaggedButton, ResolveFlagButton } from './flag-buttons.tsx';
import { RiskEvidenceView } from './risk-evidence-view.tsx';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminFlaggedWalletRow>();

const COLUMNS = [
  col.accessor('walletAddress', { header: 'Wallet', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('severity', { header: 'Severity', cell: (c) => <SeverityBadge severity={c.getValue()} /> }),
  col.accessor('reason', {
    header: 'Reason',
    cell: (c) => <span className="block max-w-xs break-words">{c.getValue() ?? '-'}</span>,
  }),
  col.accessor('evidence', {
    header: 'Evidence',
    cell: (c) => <RiskEvidenceView evidence={c.getValue()} />,
  }),
  col.accessor('flaggedAt', { header: 'Flagged At', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('flaggedBy', { header: 'Flagged By', cell: (c) => c.getValue() ?? '-' }),
  col.display({
    id: 'state',
    header: 'Resolution',
    cell: ({ row: { original: f } }) =>
      f.isActive ? (
        <span className="flex gap-2">
          <ResolveFlagButton flag={f} />
          <BanFlaggedButton flag={f} />
        </span>
      ) : (
        <span className="flex min-w-40 max-w-xs flex-col gap-0.5 break-words text-slate-400">
          <span className="text-slate-300">{f.resolutionNotes ?? 'Resolved'}</span>
          {f.resolvedBy && <span>by {f.resolvedBy}</span>}
          <DateText value={f.resolvedAt} />
        </span>
      ),
  }),
];

/**
 * The review queue: wallets flagged for review (SPEC §3 flagged wallet), by an operator or by the risk pass
 * (flagged by 'system', with each reason, its figures and its games), open ones only unless asked. An open
 * flag is resolved with a note, or its wallet banned (which closes the flag with the ban's reason).
 */
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
