import type { Commitment, LocalChain } from '../../local/local-chain.ts';
import type { LandedTransaction } from '../../local/transaction-record.ts';
import type { Notify, SignatureSubscription } from './pubsub-types.ts';

const COMMITMENT_RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

/**
 * signatureSubscribe's bookkeeping: subscriptions wait for their transaction to land, then for its slot to
 * reach their commitment; the one notification ends the subscription, as on mainnet.
 */
export function createSignatureWatch(chain: LocalChain) {
  const unlanded = new Map<string, Set<SignatureSubscription>>();
  const landed = new Set<SignatureSubscription>();

  return {
    add(subscription: SignatureSubscription): void {
      // Already landed (within the status cache, as mainnet looks): due once its commitment is reached.
      if (chain.signatureStatus(subscription.signature, false)) {
        landed.add(subscription);
        return;
      }
      const waiting = unlanded.get(subscription.signature) ?? new Set();
      unlanded.set(subscription.signature, waiting.add(subscription));
    },
    remove(subscription: SignatureSubscription): void {
      landed.delete(subscription);
      const waiting = unlanded.get(subscription.signature);
      waiting?.delete(subscription);
      if (waiting?.size === 0) unlanded.delete(subscription.signature);
    },
    /** The transaction landed: "receivedSignature" where asked for. True when a subscription waited for it. */
    onLanded(transaction: LandedTransaction, notify: Notify): boolean {
      const waiting = unlanded.get(transaction.signature);
      if (!waiting) return false;
      unlanded.delete(transaction.signature);
      for (const subscription of waiting) {
        landed.add(subscription);
        if (!subscription.receivedNotification) continue;
        notify(subscription, 'signatureNotification', {
          context: { slot: transaction.slot },
          value: 'receivedSignature',
        });
      }
      return true;
    },
    /** Notifies every subscription whose transaction reached its commitment and hands it to `finished`. */
    flush(notify: Notify, finished: (subscription: SignatureSubscription) => void): void {
      for (const subscription of landed) {
        const status = chain.signatureStatus(subscription.signature, true);
        if (
          !status ||
          COMMITMENT_RANK[status.confirmationStatus] < COMMITMENT_RANK[subscription.commitment]
        ) {
          continue;
        }
        notify(subscription, 'signatureNotification', {
          context: { slot: status.slot },
          value: { err: status.err },
        });
        finished(subscription);
      }
    },
  };
}
