import type { Address } from '@solana/kit';
import type { Commitment, LocalChain } from '../../local/local-chain.ts';
import type { LandedTransaction } from '../../local/transaction-record.ts';
import type { AccountSubscription, Notify } from './pubsub-types.ts';
import { accountNotificationValue, sameAccount } from './pubsub-values.ts';

/**
 * accountSubscribe's bookkeeping. The runtime keeps only its newest state, so an account's post-state is
 * captured when a transaction touching it lands and is announced once that transaction's slot reaches the
 * subscription's commitment: a `confirmed` subscriber sees exactly the state of the confirmed slot.
 */
export function createAccountWatch(chain: LocalChain) {
  const byAddress = new Map<Address, Set<AccountSubscription>>();
  const due = new Set<AccountSubscription>();

  return {
    add(subscription: AccountSubscription): void {
      const watching = byAddress.get(subscription.address) ?? new Set();
      byAddress.set(subscription.address, watching.add(subscription));
    },
    remove(subscription: AccountSubscription): void {
      due.delete(subscription);
      const watching = byAddress.get(subscription.address);
      watching?.delete(subscription);
      if (watching?.size === 0) byAddress.delete(subscription.address);
    },
    /** Captures the post-states a watched account got; true when one changed. Called synchronously at landing. */
    onLanded(transaction: LandedTransaction): boolean {
      let changed = false;
      for (const address of new Set(transaction.accountKeys)) {
        const watching = byAddress.get(address);
        if (!watching) continue;
        const account = chain.getAccount(address);
        for (const subscription of watching) {
          if (sameAccount(subscription.last, account)) continue;
          subscription.last = account;
          // Mainnet announces an account once per slot, with the slot's last state.
          const tail = subscription.pending.at(-1);
          if (tail?.slot === transaction.slot) tail.account = account;
          else subscription.pending.push({ slot: transaction.slot, account });
          due.add(subscription);
          changed = true;
        }
      }
      return changed;
    },
    hasDue: () => due.size > 0,
    /** Announces the captured states whose slot reached each subscription's commitment, oldest first. */
    flush(reached: Record<Commitment, bigint>, notify: Notify, onError: (error: unknown) => void): void {
      for (const subscription of due) {
        const limit = reached[subscription.commitment];
        while (subscription.pending.length > 0 && subscription.pending[0]!.slot <= limit) {
          const { slot, account } = subscription.pending.shift()!;
          try {
            notify(subscription, 'accountNotification', {
              context: { slot },
              value: accountNotificationValue(account, subscription.config),
            });
          } catch (error) {
            // base58 of data that grew past 128 bytes: that notification is skipped, the others go on.
            onError(error);
          }
        }
        if (subscription.pending.length === 0) due.delete(subscription);
      }
    },
  };
}
