import { PAYOUT_TRANSACTION_TYPES } from '../../common/rules.ts';
import { type HistoryTransaction, isPayout, parseHistoryTransaction } from './history-transaction.ts';

/** SPEC §9 event buffer 50; SPEC §5 a repeated payout within 30 s, amounts equal within 0.001 SOL. */
export const NOTICE_BUFFER = 50;
export const PAYOUT_REPEAT_MS = 30_000;
export const PAYOUT_AMOUNT_TOLERANCE = 0.001;

/** What the panel remembers of a notification it took. */
export interface SeenNotice {
  id: string;
  status: string | null;
  type: string;
  gameId: string | null;
  wallet: string | null;
  amount: number;
  /** Epoch ms when it was taken. */
  at: number;
}

export type NoticeVerdict = 'accepted' | 'invalid' | 'otherWallet' | 'duplicate' | 'repeatedPayout';

export interface NoticeJudgement {
  verdict: NoticeVerdict;
  /** The notification's transaction, completed (wallet, payout status), when accepted. */
  transaction: HistoryTransaction | null;
  /** The buffer to keep for the next notification. */
  seen: SeenNotice[];
}

/** Kinds that concern the player whatever wallet they name (SPEC §5). */
const ALWAYS_MINE: ReadonlySet<string> = new Set([...PAYOUT_TRANSACTION_TYPES, 'refund', 'game_record']);

/**
 * SPEC §5 wallet matching: no wallet known, equal ignoring case, or the first 10 characters equal with
 * both longer than 30.
 */
export function walletMatches(noticeWallet: string | null, myWallet: string | null): boolean {
  if (!myWallet || !noticeWallet) return true;
  if (noticeWallet.toLowerCase() === myWallet.toLowerCase()) return true;
  return (
    noticeWallet.length > 30 && myWallet.length > 30 && noticeWallet.slice(0, 10) === myWallet.slice(0, 10)
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** SPEC §5: a notification must be an object with a transaction (at its top or under `data`). */
function transactionOf(notification: unknown): unknown {
  if (!isRecord(notification)) return undefined;
  if (isRecord(notification.transaction)) return notification.transaction;
  return isRecord(notification.data) ? notification.data.transaction : undefined;
}

/**
 * SPEC §5 notification handling, pure. Dropped: a duplicate (same id, and same status: the server
 * announces a payout or refund when sent and again when confirmed under one id, and the second is news);
 * a payout with a different id for the same game, wallet and amount (within 0.001) taken in the last
 * 30 s; a row of another wallet. SPEC §4: a missing wallet is filled in, a payout without status is
 * confirmed.
 */
export function judgeNotice(
  seen: readonly SeenNotice[],
  notification: unknown,
  context: { wallet: string | null; now: number },
): NoticeJudgement {
  const raw = transactionOf(notification);
  const parsed = raw === undefined ? null : parseHistoryTransaction(raw);
  if (!parsed) return { verdict: 'invalid', transaction: null, seen: [...seen] };
  const transaction: HistoryTransaction = {
    ...parsed,
    wallet_address: parsed.wallet_address ?? context.wallet,
    status: parsed.status ?? (isPayout(parsed) ? 'confirmed' : null),
  };
  const keep = (verdict: NoticeVerdict): NoticeJudgement => ({ verdict, transaction: null, seen: [...seen] });

  if (!ALWAYS_MINE.has(transaction.type) && !walletMatches(transaction.wallet_address, context.wallet)) {
    return keep('otherWallet');
  }
  if (seen.some((s) => s.id === transaction.id && s.status === transaction.status)) return keep('duplicate');
  if (
    isPayout(transaction) &&
    seen.some(
      (s) =>
        s.id !== transaction.id &&
        isPayout(s) &&
        s.gameId === transaction.game_id &&
        (s.wallet ?? '').toLowerCase() === (transaction.wallet_address ?? '').toLowerCase() &&
        Math.abs(s.amount - transaction.amount) <= PAYOUT_AMOUNT_TOLERANCE &&
        context.now - s.at < PAYOUT_REPEAT_MS,
    )
  ) {
    return keep('repeatedPayout');
  }
  const entry: SeenNotice = {
    id: transaction.id,
    status: transaction.status,
    type: transaction.type,
    gameId: transaction.game_id,
    wallet: transaction.wallet_address,
    amount: transaction.amount,
    at: context.now,
  };
  return { verdict: 'accepted', transaction, seen: [...seen, entry].slice(-NOTICE_BUFFER) };
}
