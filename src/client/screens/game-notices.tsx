import { useEffect, useRef } from 'react';
import { formatLamports } from '../../common/format.ts';
import { REFUND_REFUSAL_CODES } from '../../common/protocol-texts.ts';
import { CANCEL_REFUND_PERCENT } from '../../common/rules.ts';
import { useGame } from '../state/game-api.ts';
import type { GameNotice } from '../state/game-view.ts';
import { PAYMENT_UNCONFIRMED_TEXT } from '../state/payment-retry.ts';
import { FORFEIT_TEXTS } from '../state/view-changes.ts';
import { type ToastInput, useToast } from '../ui/toast-provider.tsx';

const LAMPORTS = /^\d{1,20}$/;

/** The toast for one notice of the view (SPEC §2, §8). */
export function noticeToast(notice: GameNotice): ToastInput {
  switch (notice.kind) {
    case 'searchCancelled': {
      const refund =
        notice.refundLamports && LAMPORTS.test(notice.refundLamports) ? BigInt(notice.refundLamports) : null;
      // SPEC §8: the cancel toast shows the refund with 3 decimals, and more where the lamports need them.
      return refund === null
        ? { title: 'Search Cancelled', description: 'You left the matchmaking queue.' }
        : {
            title: 'Search Cancelled',
            description: `Refund of ${formatLamports(refund, 3)} (${CANCEL_REFUND_PERCENT}% of your entry fee) is on its way to your wallet.`,
          };
    }
    case 'opponentLeft':
      return { title: 'Opponent Disconnected', description: 'Your opponent has left the game.' };
    case 'forfeited':
      // Told once back, in the lobby: 10 s, the longest a SPEC §9 toast shows.
      return { title: FORFEIT_TEXTS.title, description: FORFEIT_TEXTS.description, duration: 10_000 };
    case 'paymentUnconfirmed':
      return { title: 'Payment Not Confirmed', description: PAYMENT_UNCONFIRMED_TEXT, duration: 10_000 };
    case 'error':
      // A search refused after its fee was recorded: the fee comes back in full, which is no error to fear.
      if (notice.code === REFUND_REFUSAL_CODES.refunded || notice.code === REFUND_REFUSAL_CODES.refundPending)
        return { title: 'Entry Fee Refunded', description: notice.message, duration: 10_000 };
      return { title: 'Error', description: notice.message, variant: 'destructive' };
    default: {
      const unreachable: never = notice;
      throw new Error(`unknown notice ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Shows each new notice of the game view once, as a toast. */
export function GameNotices() {
  const { view } = useGame();
  const { toast } = useToast();
  const notice = view.notice ?? null;
  // A notice from before this mounted is old news.
  const shown = useRef(notice?.id ?? 0);
  useEffect(() => {
    if (!notice || notice.id <= shown.current) return;
    shown.current = notice.id;
    toast(noticeToast(notice));
  }, [notice, toast]);
  return null;
}
