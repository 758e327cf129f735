import {
  type Address,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  removeDataDir,
  signedTransfer,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { openRawPubSubClient, type RawPubSubClient } from '../test-support/pubsub-client.ts';

/** 5,000 per signature + the entry payment's compute unit price (see local-rpc-payments.test.ts). */
const TRANSFER_FEE = 5_060n;
const U64_MAX = '18446744073709551615';

/**
 * The local chain serves Solana's PubSub WebSocket at its RPC URL with
 * mainnet's request, answer and notification shapes, byte for byte. Time moves only when a test moves it.
 */
describe('PubSub at ws://host/rpc speaks mainnet’s wire format', () => {
  let server: LocalChainServer;
  let client: RawPubSubClient;
  let player: KeyPairSigner;
  beforeAll(async () => {
    server = await startLocalChainServer();
    player = await airdropTo(server, 100n * SOL);
  });
  afterAll(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });
  beforeEach(async () => {
    client = await openRawPubSubClient(server.wsUrl);
  });
  afterEach(() => client.close());

  /** Answered in order after everything sent before it: no notification came before it means none was sent. */
  async function expectNothingSent() {
    const answer = await client.call('slotUnsubscribe', [999_999]);
    expect(answer.json).toMatchObject({ error: { code: -32602, message: 'Invalid subscription id.' } });
    expect(client.unreadNotifications()).toEqual([]);
  }

  async function transfer(options: {
    lamports: bigint;
    from?: KeyPairSigner;
    to?: Address;
    skipPreflight?: boolean;
  }) {
    const to = options.to ?? (await generateKeyPairSigner()).address;
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { transaction, wire } = await signedTransfer({
      from: options.from ?? player,
      to,
      lamports: options.lamports,
      lifetime,
    });
    return { signature: getSignatureFromTransaction(transaction), wire, to };
  }

  async function send(wire: string, skipPreflight = false) {
    // biome-ignore lint/suspicious/noExplicitAny: Kit brands the wire string; the test built it itself.
    await server.rpc.sendTransaction(wire as any, { encoding: 'base64', skipPreflight }).send();
    return server.chain.currentSlot();
  }

  it('signatureSubscribe answers a numeric id; `confirmed` is notified one slot after landing, then the subscription is gone', async () => {
    const { signature, wire } = await transfer({ lamports: SOL / 10n });
    const answer = await client.call('signatureSubscribe', [signature, { commitment: 'confirmed' }]);
    expect(answer.text).toMatch(/^\{"jsonrpc":"2\.0","result":\d+,"id":1\}$/);
    const id = answer.json.result as number;

    const slot = await send(wire);
    await expectNothingSent();
    server.advanceSlots(1);
    const notification = await client.nextNotification();
    expect(notification.text).toBe(
      `{"jsonrpc":"2.0","method":"signatureNotification","params":{"result":{"context":{"slot":${slot}},"value":{"err":null}},"subscription":${id}}}`,
    );
    const again = await client.call('signatureUnsubscribe', [id]);
    expect(again.text).toBe(
      `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid subscription id."},"id":3}`,
    );
  });

  it('`processed` is notified when the transaction lands; `finalized` (also the default) 32 slots later, not 31', async () => {
    const { signature, wire } = await transfer({ lamports: SOL / 10n });
    const processed = (await client.call('signatureSubscribe', [signature, { commitment: 'processed' }])).json
      .result;
    const finalized = (await client.call('signatureSubscribe', [signature, { commitment: 'finalized' }])).json
      .result;
    const byDefault = (await client.call('signatureSubscribe', [signature])).json.result;

    const slot = await send(wire);
    expect((await client.nextNotification()).json).toEqual({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: { result: { context: { slot: Number(slot) }, value: { err: null } }, subscription: processed },
    });
    server.advanceSlots(31);
    await expectNothingSent();
    server.advanceSlots(1);
    const both = [await client.nextNotification(), await client.nextNotification()];
    expect(both.map((n) => (n.json.params as { subscription: number }).subscription).sort()).toEqual(
      [finalized, byDefault].sort(),
    );
  });

  it('enableReceivedNotification: "receivedSignature" when it lands, then the status at the commitment', async () => {
    const { signature, wire } = await transfer({ lamports: SOL / 10n });
    const id = (
      await client.call('signatureSubscribe', [
        signature,
        { commitment: 'confirmed', enableReceivedNotification: true },
      ])
    ).json.result;
    const slot = await send(wire);
    expect((await client.nextNotification()).text).toBe(
      `{"jsonrpc":"2.0","method":"signatureNotification","params":{"result":{"context":{"slot":${slot}},"value":"receivedSignature"},"subscription":${id}}}`,
    );
    server.advanceSlots(1);
    expect((await client.nextNotification()).json.params).toEqual({
      result: { context: { slot: Number(slot) }, value: { err: null } },
      subscription: id,
    });
  });

  it('a signature already confirmed is notified right after the answer; a failed one carries its error', async () => {
    const { signature, wire } = await transfer({ lamports: 1_000n * SOL });
    const slot = await send(wire, true);
    server.advanceSlots(1);
    const answer = await client.call('signatureSubscribe', [signature, { commitment: 'confirmed' }]);
    expect((await client.nextNotification()).json.params).toEqual({
      result: { context: { slot: Number(slot) }, value: { err: { InstructionError: [1, { Custom: 1 }] } } },
      subscription: answer.json.result,
    });
  });

  it('accountSubscribe (base64, confirmed): the balance change one slot after the airdrop lands, in getAccountInfo’s shape', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const id = (
      await client.call('accountSubscribe', [wallet, { encoding: 'base64', commitment: 'confirmed' }])
    ).json.result;
    await server.rpc.requestAirdrop(wallet, (3n * SOL) as never).send();
    const slot = server.chain.currentSlot();
    await expectNothingSent();
    server.advanceSlots(1);
    expect((await client.nextNotification()).text).toBe(
      `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":${slot}},"value":{"data":["","base64"],"executable":false,"lamports":${3n * SOL},"owner":"11111111111111111111111111111111","rentEpoch":${U64_MAX},"space":0}},"subscription":${id}}}`,
    );
  });

  it('accountSubscribe honours encoding: binary by default, base58, jsonParsed (base64 for an unparsed owner)', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const ids: number[] = [];
    for (const config of [{}, { encoding: 'base58' }, { encoding: 'jsonParsed' }]) {
      ids.push(
        (await client.call('accountSubscribe', [wallet, { ...config, commitment: 'processed' }])).json
          .result as number,
      );
    }
    await server.rpc.requestAirdrop(wallet, SOL as never).send();
    const data = new Map<number, unknown>();
    for (let i = 0; i < 3; i++) {
      const { params } = (await client.nextNotification()).json as {
        params: { result: { value: { data: unknown } }; subscription: number };
      };
      data.set(params.subscription, params.result.value.data);
    }
    expect(ids.map((id) => data.get(id))).toEqual(['', ['', 'base58'], ['', 'base64']]);
  });

  it('an account emptied to zero is announced as Agave announces a closed account, and an unchanged one is not', async () => {
    const owner = await airdropTo(server, SOL);
    const id = (
      await client.call('accountSubscribe', [owner.address, { encoding: 'base64', commitment: 'processed' }])
    ).json.result;
    const { wire } = await transfer({ from: owner, lamports: SOL - TRANSFER_FEE });
    const slot = await send(wire);
    expect((await client.nextNotification()).json.params).toEqual({
      result: {
        context: { slot: Number(slot) },
        value: {
          data: ['', 'base64'],
          executable: false,
          lamports: 0,
          owner: '11111111111111111111111111111111',
          rentEpoch: 0,
          space: 0,
        },
      },
      subscription: id,
    });
  });

  it('slotSubscribe: {parent, root, slot} for every new slot, root 32 behind; slotUnsubscribe stops them', async () => {
    // Past the first 32 slots of the chain, whose root is the genesis slot.
    server.advanceSlots(40);
    const answer = await client.call('slotSubscribe');
    const id = answer.json.result as number;
    expect(answer.text).toBe(`{"jsonrpc":"2.0","result":${id},"id":1}`);
    server.advanceSlots(1);
    const slot = server.chain.currentSlot();
    expect((await client.nextNotification()).text).toBe(
      `{"jsonrpc":"2.0","method":"slotNotification","params":{"result":{"parent":${slot - 1n},"root":${slot - 32n},"slot":${slot}},"subscription":${id}}}`,
    );
    expect(server.chain.slot('finalized')).toBe(slot - 32n);
    server.advanceSlots(3);
    const next = [
      await client.nextNotification(),
      await client.nextNotification(),
      await client.nextNotification(),
    ];
    expect(next.map((n) => (n.json.params as { result: { slot: number } }).result.slot)).toEqual([
      Number(slot + 1n),
      Number(slot + 2n),
      Number(slot + 3n),
    ]);

    expect((await client.call('slotUnsubscribe', [id])).text).toBe('{"jsonrpc":"2.0","result":true,"id":2}');
    server.advanceSlots(2);
    await expectNothingSent();
  });
});
