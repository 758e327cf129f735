import type { Clock } from '../../../common/clock.ts';
import { lamportsToSol, lamportsToSolString } from '../../../common/format.ts';
import type { ServerMessageOf } from '../../../common/protocol.ts';
import { CANCEL_REFUND_PERCENT, cancelRefundOf } from '../../../common/rules.ts';
import type { QueueEntry } from '../matchmaker.ts';

export type CancelReply = ServerMessageOf<'cancelSearch'>;

/**
 * How long the reply to a closed search is kept for repeats. SPEC §7: the client sends `cancelSearch`
 * several times plus a backup after 500 ms, so a few seconds would do; a minute also covers a client that
 * comes back after its socket was lost.
 */
export const CANCEL_REPLY_MEMORY_MS = 60_000;
/** Bounds the memory whatever the rate of cancels: past it, the oldest replies are forgotten first. */
export const CANCEL_REPLY_LIMIT = 10_000;

/** The answer to a search the player left: what comes back (floor of 97% in lamports) for a paid one. */
export function cancelReply(entry: QueueEntry): CancelReply {
  if (!entry.paid) return { type: 'cancelSearch', success: true, message: 'Search cancelled' };
  const refund = cancelRefundOf(entry.paid.lamports);
  return {
    type: 'cancelSearch',
    success: true,
    message: `Search cancelled: ${lamportsToSolString(refund)} SOL (${CANCEL_REFUND_PERCENT}%) will be refunded`,
    refundLamports: refund.toString(),
    refundAmount: lamportsToSol(refund),
  };
}

/**
 * A challenge nobody accepted in time, or a rematch offer the opponent did not take (or left): closed, and a
 * paid one's fee comes back in full.
 */
export function challengeExpiredReply(
  entry: QueueEntry,
  why: 'expired' | 'declined' = 'expired',
): CancelReply {
  const what = entry.challenge?.rematchOf
    ? why === 'declined'
      ? 'Your opponent left: no rematch'
      : 'Your opponent did not take the rematch'
    : 'Your challenge expired unaccepted';
  if (!entry.paid) return { type: 'cancelSearch', success: true, message: what };
  const refund = entry.paid.lamports;
  return {
    type: 'cancelSearch',
    success: true,
    message: `${what}: ${lamportsToSolString(refund)} SOL (100%) will be refunded`,
    refundLamports: refund.toString(),
    refundAmount: lamportsToSol(refund),
  };
}

interface Remembered {
  reply: CancelReply;
  /** The entry's payment signature, so a repeat naming another payment is not taken for this one. */
  signature: string | null;
  at: number;
  /** Closed while its socket was away (the reconnection window ended): told once when the wallet is back. */
  unseen: boolean;
}

/**
 * The last closed search of each wallet and the reply it got: a repeated `cancelSearch`
 * for a search already closed gets the same reply again, not 'You are not searching for a match', and no
 * second refund (the close happened once). Forgotten when the wallet searches again or after the memory time.
 */
export function createCancelReplies(clock: Clock) {
  const byWallet = new Map<string, Remembered>();
  const fresh = (r: Remembered | undefined, now: number) =>
    r !== undefined && now - r.at < CANCEL_REPLY_MEMORY_MS;

  return {
    remember(entry: QueueEntry, reply: CancelReply, options: { whileAway?: boolean } = {}): void {
      const now = clock.now();
      const wallet = entry.player.walletAddress;
      // Re-inserted so the map stays in order of time: the oldest are at the front.
      byWallet.delete(wallet);
      byWallet.set(wallet, {
        reply,
        signature: entry.paid?.signature ?? null,
        at: now,
        unseen: options.whileAway ?? false,
      });
      for (const [key, r] of byWallet) {
        if (fresh(r, now) && byWallet.size <= CANCEL_REPLY_LIMIT) break;
        byWallet.delete(key);
      }
    },

    /** The reply of the wallet's last closed search, unless a repeat names another payment than its own. */
    recall(walletAddress: string, paymentSignature?: string): CancelReply | undefined {
      const r = byWallet.get(walletAddress);
      if (!fresh(r, clock.now()) || !r) return undefined;
      if (paymentSignature && r.signature && paymentSignature !== r.signature) return undefined;
      return r.reply;
    },

    /** The reply of a search closed while the wallet was away, once. */
    takeUnseen(walletAddress: string): CancelReply | undefined {
      const r = byWallet.get(walletAddress);
      if (!fresh(r, clock.now()) || !r?.unseen) return undefined;
      r.unseen = false;
      return r.reply;
    },

    /** The wallet searches again: an older reply no longer answers its cancels. */
    forget(walletAddress: string): void {
      byWallet.delete(walletAddress);
    },
  };
}

export type CancelReplies = ReturnType<typeof createCancelReplies>;
