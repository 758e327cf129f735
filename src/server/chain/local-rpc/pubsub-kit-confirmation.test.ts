import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  type Lamports,
  type RpcTransport,
  sendAndConfirmTransactionFactory,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  signedTransfer,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { nextHubEvent, nextSubscriptionId, recordHubEvents } from '../test-support/pubsub-client.ts';

/**
 * An RPC transport that answers every getSignatureStatuses with "not seen", as a node that lags would: a
 * confirmation that still arrives can only have come through the signature subscription. Kit looks the
 * status up once it listens to the subscription, so `lookedUp` also says the client is ready.
 */
function statusBlindTransport(url: string) {
  const http = createDefaultRpcTransport({ url });
  let resolveLookedUp: () => void = () => {};
  const lookedUp = new Promise<void>((resolve) => {
    resolveLookedUp = resolve;
  });
  const transport = (async (request: Parameters<RpcTransport>[0]) => {
    const payload = request.payload as { id: unknown; method: string };
    if (payload.method !== 'getSignatureStatuses') return http(request);
    resolveLookedUp();
    return { jsonrpc: '2.0', id: payload.id, result: { context: { slot: 0 }, value: [null] } };
  }) as RpcTransport;
  return { transport, lookedUp };
}

/**
 * Kit's standard confirmation helpers work against the local chain's PubSub
 * WebSocket, through the product's /rpc route, with confirmation exactly when the test advances a slot.
 */
describe('Kit confirms through ws://host/rpc subscriptions', () => {
  let server: LocalChainServer;
  beforeAll(async () => {
    server = await startLocalChainServer();
  });
  afterAll(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  it('sendAndConfirmTransactionFactory confirms a real transfer by its signatureNotification, when a slot passes', async () => {
    const player = await airdropTo(server, 2n * SOL);
    const house = (await generateKeyPairSigner()).address;
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { transaction } = await signedTransfer({ from: player, to: house, lamports: SOL / 10n, lifetime });
    const { transport, lookedUp } = statusBlindTransport(server.url);
    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc: createSolanaRpcFromTransport(transport),
      rpcSubscriptions: createSolanaRpcSubscriptions(server.wsUrl),
    });
    const events = recordHubEvents(server.subscriptions);
    const subscribed = nextSubscriptionId(server.subscriptions, 'signature');

    const confirming = sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    });
    const id = await subscribed;
    await lookedUp;
    // Landed (processed) but not confirmed: nothing is due until the test moves time.
    expect(events.filter((e) => e.type === 'notified' && e.kind === 'signature')).toEqual([]);
    server.advanceSlots(1);
    await confirming;

    expect(events).toContainEqual({ type: 'notified', kind: 'signature', id });
    expect(events).toContainEqual({ type: 'unsubscribed', kind: 'signature', id, by: 'notification' });
    const { value: balance } = await server.rpc.getBalance(house, { commitment: 'confirmed' }).send();
    expect(balance).toBe(SOL / 10n);
    const { value: statuses } = await server.rpc
      .getSignatureStatuses([getSignatureFromTransaction(transaction)])
      .send();
    expect(statuses[0]?.confirmationStatus).toBe('confirmed');
  });

  it('accountNotifications sees the balance change at `confirmed`, as bigint lamports', async () => {
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl);
    const wallet = (await generateKeyPairSigner()).address;
    const abort = new AbortController();
    const notifications = await rpcSubscriptions
      .accountNotifications(wallet, { commitment: 'confirmed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal });
    const next = notifications[Symbol.asyncIterator]().next();

    await server.rpc.requestAirdrop(wallet, (2n * SOL) as Lamports).send();
    const slot = server.chain.currentSlot();
    server.advanceSlots(1);
    const { value } = await next;
    expect(value?.context.slot).toBe(slot);
    expect(value?.value).toMatchObject({
      lamports: 2n * SOL,
      owner: '11111111111111111111111111111111',
      data: ['', 'base64'],
    });
    abort.abort();
  });

  it('slotNotifications gives every slot; aborting unsubscribes on the server and no notification follows', async () => {
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl);
    // Held open so Kit keeps its socket and unsubscribes with slotUnsubscribe rather than by closing it.
    const keepOpen = new AbortController();
    const wallet = (await generateKeyPairSigner()).address;
    await rpcSubscriptions.accountNotifications(wallet).subscribe({ abortSignal: keepOpen.signal });
    const abort = new AbortController();
    const subscribed = nextSubscriptionId(server.subscriptions, 'slot');
    const notifications = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
    const id = await subscribed;
    const iterator = notifications[Symbol.asyncIterator]();
    const first = iterator.next();

    server.advanceSlots(2);
    const slot = server.chain.currentSlot();
    const root = server.chain.slot('finalized');
    expect((await first).value).toMatchObject({ parent: slot - 2n, slot: slot - 1n });
    expect((await iterator.next()).value).toEqual({ parent: slot - 1n, root, slot });

    const unsubscribed = nextHubEvent(server.subscriptions, (e) => e.type === 'unsubscribed' && e.id === id);
    abort.abort();
    expect(await unsubscribed).toEqual({ type: 'unsubscribed', kind: 'slot', id, by: 'client' });
    const events = recordHubEvents(server.subscriptions);
    server.advanceSlots(3);
    expect(events).toEqual([]);
    keepOpen.abort();
  });
});
