import { useId, useMemo, useState } from 'react';
import type { Clock } from '../../common/clock.ts';
import { shortenAddress } from '../../common/format.ts';
import { useGame } from '../state/game-api.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useWallet } from '../wallet/wallet-api.ts';
import {
  countByFilter,
  emptyText,
  FILTER_LABELS,
  groupsForFilter,
  HISTORY_FILTERS,
  type HistoryFilter,
  showingText,
} from './history-filters.ts';
import { HistoryGroupRow } from './history-group-row.tsx';
import { groupTransactions } from './history-groups.ts';
import { timeText } from './history-labels.ts';
import type { HistoryTransaction } from './history-transaction.ts';
import { TransactionDetailsDialog } from './transaction-details-dialog.tsx';
import { PANEL_ERRORS, useTransactionHistory } from './use-transaction-history.ts';

/**
 * SPEC §2 "Transaction history panel": the connected wallet's history grouped by game,
 * with filter chips, expandable rows and the details dialog; at most 500 px high, scrolling inside. Its own
 * chunk: the app loads it with React.lazy (the default export).
 */
export function TransactionHistoryPanel({ clock }: { clock?: Clock }) {
  const wallet = useWallet();
  const { view } = useGame();
  const gameOverKey = view.gameOver ? (view.gameId ?? 'game-over') : null;
  // The server shows a history only to its wallet's signed-in session (RELIABILITY 33): nothing is asked
  // before the sign-in, and an account change waits for the new account's sign-in.
  const signedInWallet = wallet.signedIn ? wallet.publicKey : null;
  const history = useTransactionHistory({
    wallet: signedInWallet,
    gameOverKey,
    ...(clock ? { clock } : {}),
  });
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [selected, setDetails] = useState<HistoryTransaction | null>(null);
  // The dialog shows the row as the latest refresh has it (a pending payout becomes confirmed, with its
  // signature, while it is open); the row as clicked only if a refresh no longer lists it.
  const details = selected && (history.transactions.find((t) => t.id === selected.id) ?? selected);
  const groups = useMemo(() => groupTransactions(history.transactions), [history.transactions]);
  const counts = countByFilter(groups);
  const shown = groupsForFilter(groups, filter);
  const chipsId = useId();

  return (
    <section
      aria-labelledby={`${chipsId}-title`}
      data-testid="transaction-history"
      className="flex max-h-[500px] w-full flex-col rounded-lg border-2 border-cyan-400/50 bg-slate-950/80 p-3 text-left font-retro text-slate-200"
    >
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`${chipsId}-title`} className="font-bold text-cyan-300 text-sm tracking-wider">
          Transaction History
        </h2>
        <button
          type="button"
          onClick={history.refresh}
          disabled={!signedInWallet || history.refreshing}
          className="ml-auto inline-flex items-center gap-1 rounded border border-cyan-400/60 px-2 py-0.5 text-cyan-200 text-xs hover:bg-cyan-400/10 disabled:opacity-50"
        >
          {history.refreshing && <Spinner className="h-3 w-3" />}
          Refresh
        </button>
      </header>
      <p className="mt-1 flex flex-wrap justify-between gap-2 text-[10px] text-slate-400">
        <span data-testid="history-address">{wallet.publicKey ? shortenAddress(wallet.publicKey) : ''}</span>
        <span>Last updated: {timeText(history.lastUpdated)}</span>
      </p>

      {!wallet.publicKey ? (
        <p className="mt-3 text-slate-400 text-xs">{PANEL_ERRORS.noWallet}</p>
      ) : !signedInWallet ? (
        <p className="mt-3 text-slate-400 text-xs">{PANEL_ERRORS.signIn}</p>
      ) : history.status === 'error' && history.error ? (
        <div role="alert" className="mt-3 text-red-300 text-xs">
          <p className="font-bold">{history.error.message}</p>
          <p className="mt-1 text-red-200/80">{history.error.detail}</p>
        </div>
      ) : history.status === 'loading' ? (
        <p className="mt-3 flex items-center gap-2 text-slate-400 text-xs">
          <Spinner className="h-3 w-3" /> Loading transactions...
        </p>
      ) : (
        <>
          <fieldset className="mt-2 flex flex-wrap gap-1">
            <legend className="sr-only">Filter transactions</legend>
            {HISTORY_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                // The chip's name is its SPEC text; the count is its description.
                aria-label={FILTER_LABELS[f]}
                aria-describedby={`${chipsId}-${f}`}
                onClick={() => setFilter(f)}
                className={`rounded-full border px-2 py-0.5 text-[10px] ${
                  filter === f
                    ? 'border-yellow-300 bg-yellow-300/20 text-yellow-200'
                    : 'border-slate-600 text-slate-300'
                }`}
              >
                {FILTER_LABELS[f]}
                <span
                  id={`${chipsId}-${f}`}
                  data-testid={`history-count-${f}`}
                  className="ml-1 text-slate-400"
                >
                  {counts[f]}
                </span>
              </button>
            ))}
          </fieldset>
          {history.refreshFailed && (
            <p role="alert" className="mt-2 text-[10px] text-red-300">
              {PANEL_ERRORS.refresh}
            </p>
          )}
          {filter !== 'all' && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-[10px] text-slate-400">
              {showingText(filter, counts[filter], counts.all)}
              <button type="button" onClick={() => setFilter('all')} className="text-cyan-300 underline">
                Clear filter
              </button>
            </p>
          )}
          {shown.length === 0 ? (
            <div className="mt-3 text-slate-400 text-xs">
              <p>{emptyText(filter)}</p>
              {filter !== 'all' && counts.all > 0 && (
                <button
                  type="button"
                  onClick={() => setFilter('all')}
                  className="mt-1 text-cyan-300 underline"
                >
                  Show all {counts.all} transactions
                </button>
              )}
            </div>
          ) : (
            <ul className="mt-2 min-h-0 flex-1 space-y-1 overflow-y-auto pr-1">
              {shown.map((group) => (
                <HistoryGroupRow
                  key={group.key}
                  group={group}
                  cluster={wallet.cluster}
                  onDetails={setDetails}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <TransactionDetailsDialog
        transaction={details}
        cluster={wallet.cluster}
        onClose={() => setDetails(null)}
      />
    </section>
  );
}

export default TransactionHistoryPanel;
