import type { Address } from '@solana/kit';
import type { Commitment, LocalChain } from '../../local/local-chain.ts';
import type { AccountSubscriptionConfig } from './pubsub-values.ts';

/** One socket, as the hub sees it: where its notifications go. */
export interface PubSubClient {
  /** The client address (request.ip) the socket came from: its subscriptions count toward that address's cap. */
  readonly address: string;
  notify(method: NotificationMethod, result: unknown, subscription: number): void;
}

export type NotificationMethod = 'signatureNotification' | 'accountNotification' | 'slotNotification';
export type SubscriptionKind = 'signature' | 'account' | 'slot';

export type AccountView = ReturnType<LocalChain['getAccount']>;

export interface SignatureSubscription {
  kind: 'signature';
  id: number;
  client: PubSubClient;
  signature: string;
  commitment: Commitment;
  receivedNotification: boolean;
}

export interface AccountSubscription {
  kind: 'account';
  id: number;
  client: PubSubClient;
  address: Address;
  commitment: Commitment;
  config: AccountSubscriptionConfig;
  /** The state last captured, so an unchanged account is not announced. */
  last: AccountView;
  /** Post-states by slot, oldest first, waiting for their slot to reach the commitment. */
  pending: Array<{ slot: bigint; account: AccountView }>;
}

export interface SlotSubscription {
  kind: 'slot';
  id: number;
  client: PubSubClient;
}

export type Subscription = SignatureSubscription | AccountSubscription | SlotSubscription;

/** Sends one notification of a subscription (and tells the hub's observers). */
export type Notify = (subscription: Subscription, method: NotificationMethod, result: unknown) => void;
