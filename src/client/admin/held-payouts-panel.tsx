import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { type AdminHeldPayoutRow, adminHeldPayoutRowSchema } from '../../common/api/admin-rows.ts';
import { shortenAddress } from '../../common/format.ts';
import { Amount, DateText, GameIdLink, WalletLink } from './admin-cells.tsx';
import { BUTTON } from './admin-dialog.tsx';
import { useAdminCan } from './admin-role.ts';
import { DataTable } from './data-table.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { type AdminActionName, useAdminAction } from './use-admin-action.ts';
import { useAdminList } from './use-admin-list.ts';

const col = createColumnHelper<AdminHeldPayoutRow>();

const DECISIONS: Record<
  'releaseHeldPayout' | 'refundLoser',
  { label: string; title: string; describe(h: AdminHeldPayoutRow): string; danger: boolean }
> = {
  releaseHeldPayout: {
    label: 'Release',
    title: 'Release Payout',
    describe: (h) => `Pay ${h.amount} SOL to ${shortenAddress(h.walletAddress)} after all: say why.`,
    danger: false,
  },
  refundLoser: {
    label: 'Refund Loser',
    title: "Refund the Loser's Entry",
    describe: (h) =>
      `Cancel the payout to ${shortenAddress(h.walletAddress)} and refund the loser's entry in full; the house keeps the banned winner's entry. Say why.`,
    danger: true,
  },
};

/** One decision on a held payout, with the reason every admin action records. */
function DecisionButton({ held, name }: { held: AdminHeldPayoutRow; name: keyof typeof DECISIONS }) {
  const [open, setOpen] = useState(false);
  const action = useAdminAction(name satisfies AdminActionName);
  const decision = DECISIONS[name];
  if (!useAdminCan('act')) return null;
  return (
    <>
      <button
        type="button"
        aria-label={`${decision.label} held payout of game ${held.gameId}`}
        className={`${BUTTON.small} ${decision.danger ? 'border-red-500 text-red-300 hover:bg-red-950' : 'border-green-500 text-green-300 hover:bg-green-950'}`}
        onClick={() => setOpen(true)}
      >
        {decision.label}
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={decision.title}
        description={decision.describe(held)}
        confirmLabel={decision.label}
        danger={decision.danger}
        onSubmit={(reason) => action.mutateAsync({ jobId: held.jobId, reason })}
      />
    </>
  );
}

const STATE_TEXT = { held: 'Held', released: 'Released', refunded_loser: 'Loser refunded' } as const;

const COLUMNS = [
  col.accessor('heldAt', { header: 'Held At', cell: (c) => <DateText value={c.getValue()} /> }),
  col.accessor('gameId', { header: 'Game', cell: (c) => <GameIdLink id={c.getValue()} /> }),
  col.accessor('walletAddress', { header: 'Winner', cell: (c) => <WalletLink address={c.getValue()} /> }),
  col.accessor('amount', {
    header: 'Payout',
    cell: ({ row: { original: h } }) => <Amount sol={h.amount} lamports={h.amountLamports} />,
  }),
  col.accessor('banReason', {
    header: 'Ban',
    cell: ({ row: { original: h } }) => (
      <span className="block max-w-xs break-words">
        {h.banReason ?? '-'}
        {h.bannedBy ? ` (${h.bannedBy})` : ''}
      </span>
    ),
  }),
  col.display({
    id: 'decision',
    header: 'Decision',
    cell: ({ row: { original: h } }) =>
      h.state === 'held' ? (
        <span className="flex gap-2">
          <DecisionButton held={h} name="releaseHeldPayout" />
          <DecisionButton held={h} name="refundLoser" />
        </span>
      ) : (
        <span className="text-slate-400">
          {STATE_TEXT[h.state]} by {h.resolvedBy}: {h.resolutionReason}
        </span>
      ),
  }),
];

/**
 * RELIABILITY 35: winner payouts held because the winner was banned before the house paid. Each is either
 * released (paid once) or cancelled for a full refund of the loser's entry.
 */
export function HeldPayoutsPanel() {
  const list = useAdminList(adminHeldPayoutRowSchema, '/held-payouts');
  return (
    <section aria-labelledby="held-payouts-heading" className="mb-4">
      <h3 id="held-payouts-heading" className="mb-2 font-bold text-green-300 text-sm">
        Held Payouts
      </h3>
      <DataTable
        label="Held Payouts"
        columns={COLUMNS}
        list={list}
        rowId={(r) => r.jobId}
        errorText="Failed to fetch held payouts"
        emptyText="No held payouts"
      />
    </section>
  );
}
