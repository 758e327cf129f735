import { getGameMode } from './game-modes.ts';
import type { SettledSearch } from './held-schema.ts';
import { solText } from './refund-texts.ts';

/** What the lobby says of a search the server no longer holds, once reached again (its `held`). */
const ENDED_BY: Record<SettledSearch['status'], string> = {
  error: 'was closed by the server (it restarted or stopped)',
  refused: 'was not started: the server was stopping',
  cancelled: 'was cancelled',
  disconnected: 'was closed: you were away longer than the reconnection window',
  timed_out: 'closed: nobody accepted it in time',
  matched: 'found a match',
  interrupted: 'became a match that was interrupted by a server restart',
};

export const SETTLED_TEXTS = {
  title: 'Your search has ended',
  /** The title when the search became a match that a server stop interrupted. */
  interruptedTitle: 'Your match was interrupted',
  dismiss: 'OK',
  /** One sentence on what became of the search, and, for a paid one, its refund's exact amount. */
  body(settled: SettledSearch): string {
    const name = getGameMode(settled.gameMode).name;
    const ended =
      settled.status === 'interrupted'
        ? `Your ${name} match was interrupted by a server restart, with no winner.`
        : `Your ${name} search ${ENDED_BY[settled.status]}.`;
    const refund = settled.refund;
    if (!refund) return settled.gameMode === 'practice' ? `${ended} Free Play costs nothing.` : ended;
    const amount = `${solText(BigInt(refund.lamports))} (${refund.percent}% of your entry fee)`;
    return refund.status === 'pending'
      ? `${ended} ${amount} is being refunded to your wallet.`
      : `${ended} ${amount} was refunded to your wallet.`;
  },
  titleOf: (settled: SettledSearch): string =>
    settled.status === 'interrupted' ? SETTLED_TEXTS.interruptedTitle : SETTLED_TEXTS.title,
  signature: 'Refund transaction:',
} as const;
