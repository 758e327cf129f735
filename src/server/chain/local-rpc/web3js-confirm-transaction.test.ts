import { address, type Lamports } from '@solana/kit';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
  waitForCommitment,
} from '../../../../test/support/local-chain-server.ts';
import { nextHubEvent, recordHubEvents } from '../test-support/pubsub-client.ts';

/**
 * web3.js' `fetch`, except that getSignatureStatuses always answers "not seen": a confirmation that still
 * arrives came through the signature subscription. web3.js looks the status up once its subscription is
 * live, so `lookedUp` also says the client is listening.
 */
function statusBlindFetch() {
  let resolveLookedUp: () => void = () => {};
  const lookedUp = new Promise<void>((resolve) => {
    resolveLookedUp = resolve;
  });
  const blindFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = JSON.parse(String(init?.body)) as { id: unknown; method: string };
    if (request.method !== 'getSignatureStatuses') return fetch(input, init);
    resolveLookedUp();
    const body = { jsonrpc: '2.0', id: request.id, result: { context: { slot: 0 }, value: [null] } };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { blindFetch, lookedUp };
}

/**
 * The PubSub endpoint works for clients other than Kit. @solana/web3.js 1.x confirms a
 * transfer with confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed'), the way
 * most Solana tools do, with its WebSocket at the local chain's /rpc.
 */
describe('@solana/web3.js 1.x confirms through the local chain’s PubSub WebSocket', () => {
  let server: LocalChainServer;
  beforeAll(async () => {
    server = await startLocalChainServer();
  });
  afterAll(async () => {
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  it('confirmTransaction resolves on the signatureNotification once a slot passes, with the status lookup blind', async () => {
    const payer = Keypair.generate();
    const recipient = Keypair.generate().publicKey;
    const funded = await server.rpc
      .requestAirdrop(address(payer.publicKey.toBase58()), (2n * BigInt(LAMPORTS_PER_SOL)) as Lamports)
      .send();
    await waitForCommitment(server, funded, 'confirmed');

    const { blindFetch, lookedUp } = statusBlindFetch();
    const connection = new Connection(server.url, {
      commitment: 'confirmed',
      wsEndpoint: server.wsUrl,
      fetch: blindFetch,
    });
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const transaction = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: recipient,
        lamports: LAMPORTS_PER_SOL / 10,
      }),
    );
    transaction.sign(payer);
    const signature = await connection.sendRawTransaction(transaction.serialize());
    const landedSlot = server.chain.currentSlot();

    const events = recordHubEvents(server.subscriptions);
    const socketClosed = nextHubEvent(server.subscriptions, (e) => e.type === 'client-closed');
    const confirming = connection.confirmTransaction(
      { signature, blockhash, lastValidBlockHeight },
      'confirmed',
    );
    await lookedUp;
    const subscribed = events.flatMap((e) =>
      e.type === 'subscribed' && e.kind === 'signature' ? [e.id] : [],
    );
    expect(subscribed).toHaveLength(1);
    expect(events.filter((e) => e.type === 'notified')).toEqual([]);

    server.advanceSlots(1);
    const result = await confirming;
    expect(result).toEqual({ context: { slot: Number(landedSlot) }, value: { err: null } });
    expect(events).toContainEqual({ type: 'notified', kind: 'signature', id: subscribed[0] });
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 10);
    // web3.js closes its idle socket itself (code 1000, no reconnect) once the subscription is gone.
    await socketClosed;
  });
});
