import { useId, useState } from 'react';
import { HISTORY_TEXTS } from '../../common/api/history-texts.ts';
import { shortenAddress } from '../../common/format.ts';
import { VerifyMatchButton } from '../verify/verify-match-button.tsx';
import type { Cluster } from '../wallet/wallet-api.ts';
import { explorerLinks } from './explorer-links.ts';
import { rowAmountText, solAmountText } from './history-amounts.ts';
import type { TransactionGroup } from './history-groups.ts';
import { dateText, isTransfer, modeLabel, outcomeLabel, typeLabel } from './history-labels.ts';
import type { HistoryTransaction } from './history-transaction.ts';

const OUTCOME_TEXT = {
  win: 'text-green-300',
  loss: 'text-red-300',
  refunded: 'text-cyan-300',
  pending: 'text-yellow-300',
} as const;

/** A payout the operator holds because the winner's wallet was banned before it was paid. */
export const HELD_TEXT = HISTORY_TEXTS.payoutHeld;

/** One game (or search) of the history: a summary that expands into its rows, each with its details. */
export function HistoryGroupRow({
  group,
  cluster,
  onDetails,
}: {
  group: TransactionGroup;
  /** The chain the server runs on: each on-chain transfer links to its explorer page. */
  cluster: Cluster | null;
  onDetails(transaction: HistoryTransaction): void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li
      data-testid="history-row"
      data-group-type={group.groupType}
      data-outcome={group.outcome}
      className="rounded border border-slate-700 bg-slate-900/70"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 p-2 text-left text-xs hover:bg-slate-800/60"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        <span className="font-bold text-slate-100">{modeLabel(group.gameMode)}</span>
        <span className={`rounded border border-current px-1.5 text-[10px] ${OUTCOME_TEXT[group.outcome]}`}>
          {outcomeLabel(group.outcome, group.forfeit)}
        </span>
        {group.opponent && <span className="text-slate-400">vs {shortenAddress(group.opponent)}</span>}
        {group.score && <span className="text-slate-300">{group.score}</span>}
        {group.headline !== null && (
          <span data-testid="history-amount" className={`ml-auto ${OUTCOME_TEXT[group.outcome]}`}>
            {solAmountText(group.headline.lamports, group.headline.signed)}
          </span>
        )}
        {group.transactions.some((t) => t.held_for_review) && (
          <span data-testid="history-held" className="w-full text-[10px] text-yellow-300">
            {HELD_TEXT}
          </span>
        )}
        <span className="w-full text-[10px] text-slate-500">{dateText(group.timestamp)}</span>
      </button>
      {open && (
        <ul id={listId} className="space-y-1 border-slate-700 border-t p-2">
          {group.gameId && (group.outcome === 'win' || group.outcome === 'loss') && (
            <li data-testid="history-verify" className="pb-1">
              <VerifyMatchButton gameId={group.gameId} compact />
            </li>
          )}
          {group.transactions.map((t) => (
            <li
              key={t.id}
              data-testid="history-transaction"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[11px] text-slate-300"
            >
              <span className="font-bold">{typeLabel(t.type)}</span>
              {isTransfer(t) && <span>{rowAmountText(t)}</span>}
              <span className="text-slate-400">
                {t.held_for_review ? `${t.status ?? 'pending'}, held for review` : (t.status ?? 'unknown')}
              </span>
              <span className="text-slate-500">{dateText(t.created_at)}</span>
              {explorerLinks(t.transaction_signature, cluster)
                .slice(0, 1)
                .map((link) => (
                  <a
                    key={link.name}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="history-explorer-link"
                    className="text-cyan-300 underline underline-offset-2 hover:text-cyan-100"
                  >
                    Explorer
                  </a>
                ))}
              <button
                type="button"
                onClick={() => onDetails(t)}
                className="ml-auto rounded border border-cyan-400/60 px-2 text-cyan-200 hover:bg-cyan-400/10"
              >
                Details
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
