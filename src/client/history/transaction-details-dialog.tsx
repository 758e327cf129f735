import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { shortenAddress } from '../../common/format.ts';
import type { Cluster } from '../wallet/wallet-api.ts';
import { explorerLinks } from './explorer-links.ts';
import { rowAmountText } from './history-amounts.ts';
import { dateText, isTransfer, modeLabel, typeLabel } from './history-labels.ts';
import type { HistoryTransaction } from './history-transaction.ts';

/**
 * SPEC §2 'Transaction Details': the row's fields and a link to a public explorer for the configured
 * cluster; on localnet, which no public explorer sees, the signature with a copy button.
 */
export function TransactionDetailsDialog({
  transaction,
  cluster,
  onClose,
}: {
  transaction: HistoryTransaction | null;
  cluster: Cluster | null;
  onClose(): void;
}) {
  return (
    <Dialog.Root open={transaction !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border-2 border-cyan-400/60 bg-slate-950 p-5 font-retro text-slate-200 text-xs shadow-xl shadow-cyan-500/20">
          <Dialog.Title className="font-bold text-base text-cyan-300 tracking-wider">
            Transaction Details
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-400">
            {transaction ? `${typeLabel(transaction.type)} · ${dateText(transaction.created_at)}` : ''}
          </Dialog.Description>
          {transaction && <Details transaction={transaction} cluster={cluster} />}
          <div className="mt-4 flex justify-end">
            <Dialog.Close className="rounded bg-cyan-500 px-4 py-1.5 font-bold text-slate-950 hover:bg-cyan-400">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Details({ transaction: t, cluster }: { transaction: HistoryTransaction; cluster: Cluster | null }) {
  const optional: [string, string | null][] = [
    ['Game ID', t.game_id],
    ['Opponent', t.opponent_address && shortenAddress(t.opponent_address)],
    ['Score', t.final_score ?? t.score],
    ['Reason', t.reason],
  ];
  const fields: [string, string][] = [
    ['Type', typeLabel(t.type)],
    // Practice moves no money, and the game record is no transfer: no 'Amount' line for either.
    ...(isTransfer(t) ? [['Amount', rowAmountText(t)] as [string, string]] : []),
    ['Status', t.status ?? 'unknown'],
    ['Date', dateText(t.created_at)],
    ['Game Mode', modeLabel(t.game_mode)],
    ...optional.filter((f): f is [string, string] => Boolean(f[1])),
  ];
  const links = explorerLinks(t.transaction_signature, cluster);
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {fields.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-400">{name}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {t.transaction_signature ? (
        <div className="mt-4">
          <p className="text-slate-400">Signature</p>
          <p data-testid="transaction-signature" className="mt-1 break-all text-slate-100">
            {t.transaction_signature}
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <CopyButton text={t.transaction_signature} />
            {links.map((link) => (
              <a
                key={link.name}
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-cyan-300 underline underline-offset-2 hover:text-cyan-100"
              >
                View on {link.name}
              </a>
            ))}
          </div>
          {links.length === 0 && (
            <p className="mt-2 text-slate-500">No explorer is known for this chain: copy the signature.</p>
          )}
        </div>
      ) : (
        <p className="mt-4 text-slate-500">
          {t.type === 'game_record'
            ? 'The record of the match itself: no money moved with it (see its entry and payout rows).'
            : 'No on-chain signature for this record.'}
        </p>
      )}
    </>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch (error) {
      console.warn('history: copying the signature failed', error);
      setCopied('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded border border-cyan-400/60 px-2 py-0.5 text-cyan-200 hover:bg-cyan-400/10"
      >
        Copy signature
      </button>
      <span role="status" className="text-green-300">
        {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed: select the text' : ''}
      </span>
    </>
  );
}
