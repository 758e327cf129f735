import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import {
  type WalletMoneyRow,
  type WalletMoneyTotals,
  walletMoneyRowSchema,
} from '../../common/api/wallet-money.ts';
import { countOf, formatLamports } from '../../common/format.ts';
import { modeLabel } from '../history/history-labels.ts';
import { Amount, DateText, GameIdLink, groupedLamports, SignatureLink } from './admin-cells.tsx';
import { DataTable } from './data-table.tsx';
import { useAdminList } from './use-admin-list.ts';

/** Each kind of row as the timeline names it, and which way its money went from the wallet's side. */
const KIND_TEXTS: Record<WalletMoneyRow['kind'], { name: string; sign: '' | '+' | '-' }> = {
  search: { name: 'Search', sign: '' },
  entry: { name: 'Entry fee paid', sign: '-' },
  refund: { name: 'Refund', sign: '+' },
  payout: { name: 'Winner payout', sign: '+' },
  kept: { name: 'Kept by the house', sign: '' },
  note: { name: 'Support note', sign: '' },
};

/** How long a search waited, to the second. */
function waitedText(ms: number | null): string {
  if (ms === null) return '';
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? countOf(seconds, 'second') : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function What({ row }: { row: WalletMoneyRow }) {
  const under = row.kind === 'note' ? `by ${row.by ?? 'unknown'}` : modeLabel(row.mode);
  return (
    <span className="flex flex-col gap-0.5">
      <span className="whitespace-nowrap font-bold">{KIND_TEXTS[row.kind].name}</span>
      <span className="whitespace-nowrap text-[11px] text-slate-400">{under}</span>
    </span>
  );
}

/** The amount, signed from the wallet's side once it moved (a search shows the fee it was paid with). */
function Money({ row }: { row: WalletMoneyRow }) {
  if (row.amountLamports === null) return <span className="text-slate-500">-</span>;
  const { sign } = KIND_TEXTS[row.kind];
  const struck = row.kind === 'payout' && row.payoutState === 'refunded_loser';
  return (
    <span className={`inline-flex items-start gap-0.5 ${struck ? 'line-through decoration-slate-500' : ''}`}>
      {sign && <span aria-hidden="true">{sign}</span>}
      <Amount sol={row.amount} lamports={row.amountLamports} />
    </span>
  );
}

/** The ledger's or the search's status, and when the chain confirmed it or the search ended. */
function Status({ row }: { row: WalletMoneyRow }) {
  if (row.kind === 'note') return <span className="text-slate-500">-</span>;
  const settled = row.kind === 'search' ? row.endedAt : row.confirmedAt;
  const tone =
    row.status === 'confirmed' || row.status === 'matched'
      ? 'text-green-300'
      : row.status === 'failed' || row.status === 'redundant'
        ? 'text-red-300'
        : 'text-amber-300';
  return (
    <span className="flex flex-col gap-0.5">
      <span className={`whitespace-nowrap ${tone}`}>{row.status}</span>
      {settled && (
        <span className="text-[11px] text-slate-400">
          {row.kind === 'search' ? 'ended ' : 'confirmed '}
          <DateText value={settled} />
        </span>
      )}
      {row.kind === 'search' && row.waitedMs !== null && (
        <span className="text-[11px] text-slate-400">waited {waitedText(row.waitedMs)}</span>
      )}
    </span>
  );
}

/** The entry fee the row returns, keeps from, or was paid with. */
function EntryCell({ row }: { row: WalletMoneyRow }) {
  if (row.kind === 'entry' || row.entryId === null) return <span className="text-slate-500">-</span>;
  return <SignatureLink signature={row.entrySignature} />;
}

const col = createColumnHelper<WalletMoneyRow>();

const COLUMNS = [
  col.accessor('at', { header: 'When', cell: (c) => <DateText value={c.getValue()} /> }),
  col.display({ id: 'what', header: 'What', cell: (c) => <What row={c.row.original} /> }),
  col.display({ id: 'amount', header: 'Amount', cell: (c) => <Money row={c.row.original} /> }),
  col.display({ id: 'status', header: 'Status', cell: (c) => <Status row={c.row.original} /> }),
  col.accessor('cause', {
    header: 'Why',
    cell: (c) => (
      <span
        className={`block min-w-[14rem] max-w-sm whitespace-pre-line break-words ${
          c.row.original.kind === 'note' ? 'text-cyan-100 italic' : ''
        }`}
      >
        {c.getValue()}
      </span>
    ),
  }),
  col.accessor('signature', { header: 'Transfer', cell: (c) => <SignatureLink signature={c.getValue()} /> }),
  col.display({ id: 'entry', header: 'For Entry', cell: (c) => <EntryCell row={c.row.original} /> }),
  col.accessor('gameId', { header: 'Game', cell: (c) => <GameIdLink id={c.getValue()} /> }),
];

function Total({ name, lamports, testId }: { name: string; lamports: string; testId: string }): ReactNode {
  return (
    <div className="rounded border border-slate-700 px-3 py-2" data-testid={testId}>
      <dt className="text-[11px] text-slate-400">{name}</dt>
      <dd className="font-bold text-slate-100" title={`${groupedLamports(lamports)} lamports`}>
        {formatLamports(BigInt(lamports))}
      </dd>
      <dd className="text-[10px] text-slate-500">{groupedLamports(lamports)} lamports</dd>
    </div>
  );
}

/** The wallet's totals from the ledger: what it paid, got back, won, is owed, what the house kept, its net. */
export function WalletMoneyTotalsView({ totals }: { totals: WalletMoneyTotals }) {
  return (
    <dl aria-label="Money totals" className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-3 lg:grid-cols-6">
      <Total name="Paid in (entry fees)" lamports={totals.paidInLamports} testId="money-paid-in" />
      <Total name="Refunded" lamports={totals.refundedLamports} testId="money-refunded" />
      <Total name="Paid out (winnings)" lamports={totals.paidOutLamports} testId="money-paid-out" />
      <Total name="Owed, not sent yet" lamports={totals.owedLamports} testId="money-owed" />
      <Total name="Kept by the house" lamports={totals.keptLamports} testId="money-kept" />
      <Total name="Net for the wallet" lamports={totals.netLamports} testId="money-net" />
    </dl>
  );
}

/**
 * A wallet's money, newest first: each search (joined, waited, how it ended, its game), entry fee, refund
 * (why, what share, the payment it returns), payout (sent, held, cancelled), share kept and support note,
 * with links to each transfer on the explorer. What answers "I paid and was never refunded" from this page alone.
 */
export function WalletMoneyTimeline({ address }: { address: string }) {
  const list = useAdminList(walletMoneyRowSchema, `/wallets/${encodeURIComponent(address)}/money`);
  return (
    <DataTable
      label="Money Timeline"
      columns={COLUMNS}
      list={list}
      rowId={(r) => `${r.kind}:${r.id}`}
      errorText="Failed to fetch the wallet's money"
      emptyText="No money moved for this wallet"
    />
  );
}
