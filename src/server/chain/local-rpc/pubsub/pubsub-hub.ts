import type { Address } from '@solana/kit';
import type { Commitment, LocalChain } from '../../local/local-chain.ts';
import { FINALITY_DEPTH } from '../../local/slot-schedule.ts';
import { JsonRpcError, RPC_ERROR } from '../rpc-errors.ts';
import { createAccountWatch } from './pubsub-account-watch.ts';
import type { PubSubLimits } from './pubsub-limits.ts';
import { createSignatureWatch } from './pubsub-signature-watch.ts';
import type {
  AccountSubscription,
  Notify,
  PubSubClient,
  SignatureSubscription,
  SlotSubscription,
  Subscription,
  SubscriptionKind,
} from './pubsub-types.ts';
import { type AccountSubscriptionConfig, accountNotificationValue } from './pubsub-values.ts';

export type { PubSubClient, SubscriptionKind } from './pubsub-types.ts';

/** What the hub did, for tests and operators. */
export type PubSubEvent =
  | { type: 'subscribed'; kind: SubscriptionKind; id: number }
  | { type: 'notified'; kind: SubscriptionKind; id: number }
  | { type: 'unsubscribed'; kind: SubscriptionKind; id: number; by: 'client' | 'notification' | 'socket' }
  | { type: 'client-closed' };

export interface PubSubHub {
  subscribeSignature(
    client: PubSubClient,
    signature: string,
    options: { commitment: Commitment; receivedNotification: boolean },
  ): number;
  subscribeAccount(client: PubSubClient, address: Address, config: AccountSubscriptionConfig): number;
  subscribeSlot(client: PubSubClient): number;
  /** false when the id is not one of this client's subscriptions (mainnet: "Invalid subscription id."). */
  unsubscribe(client: PubSubClient, id: number): boolean;
  /** The socket closed: every subscription of it goes. */
  dropClient(client: PubSubClient): void;
  /** Looks at the slot clock and sends what became due. The timer calls it; tests call it after moving time. */
  tick(): void;
  subscriptionCount(): number;
  observe(observer: (event: PubSubEvent) => void): () => void;
  close(): void;
}

/** A clock that jumped (a test, a suspended laptop) is not replayed slot by slot: only the latest ones. */
const MAX_SLOT_BURST = 64n;

function larger(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/**
 * Solana's PubSub over the local chain: signature, account and slot subscriptions with mainnet's semantics.
 * A landed transaction is announced at once (processed) and its accounts' post-states are captured then;
 * confirmed and finalized follow as the slot clock passes the transaction's slot by 1 and by 32. Due
 * notifications go out from tick(), which a timer calls while anything is subscribed (slots follow time
 * lazily: something must look), and right after a landing.
 */
export function createPubSubHub(
  chain: LocalChain,
  options: {
    limits: Pick<
      PubSubLimits,
      'subscriptionsPerSocket' | 'subscriptionsPerIp' | 'subscriptionsTotal' | 'tickMs'
    >;
    onError?: (error: unknown) => void;
  },
): PubSubHub {
  const { limits } = options;
  const onError = options.onError ?? (() => {});
  const byClient = new Map<PubSubClient, Map<number, Subscription>>();
  /** Subscriptions held per client address, across its sockets (an address with none has no entry). */
  const byAddress = new Map<string, number>();
  const signatures = createSignatureWatch(chain);
  const accounts = createAccountWatch(chain);
  const slots = new Set<SlotSubscription>();
  const observers = new Set<(event: PubSubEvent) => void>();
  let total = 0;
  let nextId = 1;
  let lastSlot = chain.currentSlot();
  /** The root of lastSlot: kept so a slot's root is exact without knowing the genesis slot. */
  let lastRoot = chain.slot('finalized');
  let flushQueued = false;
  let ticker: NodeJS.Timeout | undefined;

  const emit = (event: PubSubEvent) => {
    for (const observer of observers) observer(event);
  };

  const notify: Notify = (subscription, method, result) => {
    subscription.client.notify(method, result, subscription.id);
    emit({ type: 'notified', kind: subscription.kind, id: subscription.id });
  };

  /** Checked before anything is built: a refused subscribe leaves no trace. */
  function admit(client: PubSubClient): number {
    if (total >= limits.subscriptionsTotal) {
      throw new JsonRpcError(
        RPC_ERROR.INTERNAL_ERROR,
        'Internal Error: Subscription refused. Node subscription limit reached',
      );
    }
    if ((byClient.get(client)?.size ?? 0) >= limits.subscriptionsPerSocket) {
      throw new JsonRpcError(
        RPC_ERROR.INTERNAL_ERROR,
        `Internal Error: Subscription refused. At most ${limits.subscriptionsPerSocket} subscriptions per connection`,
      );
    }
    if ((byAddress.get(client.address) ?? 0) >= limits.subscriptionsPerIp) {
      throw new JsonRpcError(
        RPC_ERROR.INTERNAL_ERROR,
        `Internal Error: Subscription refused. At most ${limits.subscriptionsPerIp} subscriptions per address`,
      );
    }
    const id = nextId;
    nextId += 1;
    return id;
  }

  function register(subscription: Subscription): number {
    const own = byClient.get(subscription.client) ?? new Map<number, Subscription>();
    byClient.set(subscription.client, own.set(subscription.id, subscription));
    const { address } = subscription.client;
    byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
    total += 1;
    if (!ticker) {
      // Slots that passed while nobody listened are nobody's news: slot notifications start from now.
      lastSlot = chain.currentSlot();
      lastRoot = chain.slot('finalized');
      ticker = setInterval(tick, limits.tickMs);
      ticker.unref();
    }
    emit({ type: 'subscribed', kind: subscription.kind, id: subscription.id });
    return subscription.id;
  }

  function remove(subscription: Subscription, by: 'client' | 'notification' | 'socket'): void {
    const own = byClient.get(subscription.client);
    if (!own?.delete(subscription.id)) return;
    if (own.size === 0) byClient.delete(subscription.client);
    const { address } = subscription.client;
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
    total -= 1;
    switch (subscription.kind) {
      case 'signature':
        signatures.remove(subscription);
        break;
      case 'account':
        accounts.remove(subscription);
        break;
      case 'slot':
        slots.delete(subscription);
        break;
      default:
        subscription satisfies never;
    }
    if (total === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
    emit({ type: 'unsubscribed', kind: subscription.kind, id: subscription.id, by });
  }

  function flushSlots(processed: bigint): void {
    if (processed <= lastSlot) return;
    const first = larger(lastSlot + 1n, processed - MAX_SLOT_BURST + 1n);
    for (let slot = first; slot <= processed; slot++) {
      const root = larger(slot - FINALITY_DEPTH, lastRoot);
      lastRoot = root;
      for (const subscription of slots)
        notify(subscription, 'slotNotification', { parent: slot - 1n, root, slot });
    }
    lastSlot = processed;
  }

  function tick(): void {
    try {
      const processed = chain.currentSlot();
      flushSlots(processed);
      // Mainnet ends a signature subscription with its one notification.
      signatures.flush(notify, (subscription) => remove(subscription, 'notification'));
      if (accounts.hasDue()) {
        const reached = { processed, confirmed: chain.slot('confirmed'), finalized: chain.slot('finalized') };
        accounts.flush(reached, notify, onError);
      }
    } catch (error) {
      onError(error);
    }
  }

  const stopListening = chain.onLanded((transaction) => {
    try {
      const due = signatures.onLanded(transaction, notify);
      if (!(accounts.onLanded(transaction) || due) || flushQueued) return;
      flushQueued = true;
      // Just after the landing, which may still be inside the handling of a sendTransaction call.
      queueMicrotask(() => {
        flushQueued = false;
        tick();
      });
    } catch (error) {
      onError(error);
    }
  });

  function dropClient(client: PubSubClient): void {
    for (const subscription of [...(byClient.get(client)?.values() ?? [])]) remove(subscription, 'socket');
    emit({ type: 'client-closed' });
  }

  return {
    subscribeSignature(client, signature, { commitment, receivedNotification }) {
      const id = admit(client);
      const subscription: SignatureSubscription = {
        kind: 'signature',
        id,
        client,
        signature,
        commitment,
        receivedNotification,
      };
      // One already due is told at the next timer tick, not right behind the answer: Kit listens for a
      // subscription's notifications only some microtasks after reading its id, and drops one that came in
      // the same read.
      signatures.add(subscription);
      return register(subscription);
    },
    subscribeAccount(client, address, config) {
      const last = chain.getAccount(address);
      // Refuses now, not at the first notification, what this account cannot be encoded as (base58 > 128 B).
      accountNotificationValue(last, config);
      const commitment = config.commitment ?? 'finalized';
      const id = admit(client);
      const subscription: AccountSubscription = {
        kind: 'account',
        id,
        client,
        address,
        commitment,
        config,
        last,
        pending: [],
      };
      accounts.add(subscription);
      return register(subscription);
    },
    subscribeSlot(client) {
      const subscription: SlotSubscription = { kind: 'slot', id: admit(client), client };
      slots.add(subscription);
      return register(subscription);
    },
    unsubscribe(client, id) {
      const subscription = byClient.get(client)?.get(id);
      if (!subscription) return false;
      remove(subscription, 'client');
      return true;
    },
    dropClient,
    tick,
    subscriptionCount: () => total,
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    close() {
      stopListening();
      for (const client of [...byClient.keys()]) dropClient(client);
      if (ticker) clearInterval(ticker);
      ticker = undefined;
    },
  };
}
