import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { nextHubEvent, openRawPubSubClient, type RawPubSubClient } from '../test-support/pubsub-client.ts';
import { PUBSUB_LIMITS } from './pubsub/pubsub-limits.ts';

const SIGNATURE = '5'.repeat(87);
const ADDRESS = '11111111111111111111111111111111';

/** The HTTP status a refused handshake answered, or 101 when the socket opened. */
function handshakeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

async function closeAll(server: LocalChainServer, clients: RawPubSubClient[]) {
  for (const client of clients.splice(0)) {
    const gone = nextHubEvent(server.subscriptions, (e) => e.type === 'client-closed');
    await client.close();
    // The server has let go of the socket (and of its address's slot) once the hub hears of it.
    await gone;
  }
}

/**
 * The PubSub WebSocket is bounded like /rpc itself. Bad input is answered
 * with JSON-RPC errors and never crashes or closes the socket; subscriptions per socket and overall,
 * sockets per address and subscribe calls per address are capped; shutdown never waits on a socket.
 */
describe('PubSub input is validated and answered with JSON-RPC errors', () => {
  let server: LocalChainServer;
  let client: RawPubSubClient;
  beforeAll(async () => {
    server = await startLocalChainServer();
    client = await openRawPubSubClient(server.wsUrl);
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  it('bad JSON, batches and malformed requests get -32700 / -32600 with the id when there is one', async () => {
    client.send('{"jsonrpc":"2.0","id":1,');
    expect((await client.answerTo(null)).text).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}',
    );
    client.send([{ jsonrpc: '2.0', id: 2, method: 'slotSubscribe' }]);
    expect((await client.answerTo(null)).json.error).toEqual({
      code: -32600,
      message: 'Invalid request: batches are not served here',
    });
    client.send({ jsonrpc: '1.0', id: 'x', method: 'slotSubscribe' });
    expect((await client.answerTo('x')).json.error).toEqual({ code: -32600, message: 'Invalid request' });
    client.send({ jsonrpc: '2.0', id: 4, method: 'slotSubscribe', params: { a: 1 } });
    expect((await client.answerTo(4)).json.error).toMatchObject({ code: -32602 });
  });

  it('methods other than the six subscription calls are -32601; a notification (ping) gets no answer', async () => {
    expect((await client.call('getBalance', [ADDRESS])).json.error).toEqual({
      code: -32601,
      message: 'Method not found',
    });
    const before = client.all().length;
    client.send({ jsonrpc: '2.0', method: 'ping' });
    client.send({ jsonrpc: '2.0', method: 'slotSubscribe' });
    const barrier = await client.call('slotUnsubscribe', [999_999]);
    expect(client.all().slice(before)).toEqual([barrier]);
  });

  it.each([
    ['signatureSubscribe', ['not-a-signature'], /signature/],
    ['signatureSubscribe', [SIGNATURE, { commitment: 'recent' }], /commitment/],
    ['signatureSubscribe', [SIGNATURE, { enableReceivedNotification: 'yes' }], /enableReceivedNotification/],
    ['accountSubscribe', ['not-an-address'], /address/],
    ['accountSubscribe', [ADDRESS, { encoding: 'base64+zstd' }], /base64\+zstd/],
    ['accountSubscribe', [ADDRESS, { encoding: 'hex' }], /encoding/],
    ['accountSubscribe', [], /./],
    ['slotSubscribe', [1], /./],
    ['slotUnsubscribe', ['1'], /./],
    ['accountUnsubscribe', [-1], /./],
  ])('%s with %j is -32602 and subscribes nothing', async (method, params, detail) => {
    const count = server.subscriptions.subscriptionCount();
    const { error } = (await client.call(method, params)).json as {
      error: { code: number; message: string };
    };
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(detail);
    expect(server.subscriptions.subscriptionCount()).toBe(count);
  });

  it('after all of that the socket still serves; a binary frame is read as text', async () => {
    client.socket.send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'bin', method: 'slotSubscribe' })), {
      binary: true,
    });
    const id = (await client.answerTo('bin')).json.result as number;
    expect((await client.call('slotUnsubscribe', [id])).json.result).toBe(true);
  });

  it('a frame above the payload cap closes that socket with 1009, not the server', async () => {
    const big = await openRawPubSubClient(server.wsUrl);
    const closed = once(big.socket, 'close');
    big.send(`"${'x'.repeat(PUBSUB_LIMITS.maxPayloadBytes + 1)}"`);
    const [code] = await closed;
    expect(code).toBe(1009);
    expect((await client.call('slotUnsubscribe', [999_999])).json.error).toMatchObject({ code: -32602 });
  });
});

describe('PubSub caps per socket, overall and per address', () => {
  let server: LocalChainServer;
  const clients: RawPubSubClient[] = [];
  beforeAll(async () => {
    server = await startLocalChainServer({
      subscriptionLimits: { subscriptionsPerSocket: 3, subscriptionsTotal: 5, socketsPerIp: 2 },
    });
  });
  afterAll(async () => {
    await closeAll(server, clients);
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  it('a socket holds at most 3 subscriptions (-32603, as Agave refuses); an unsubscribe frees one', async () => {
    const client = await openRawPubSubClient(server.wsUrl);
    clients.push(client);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.call('slotSubscribe')).json.result as number);
    expect((await client.call('accountSubscribe', [ADDRESS])).json.error).toEqual({
      code: -32603,
      message: 'Internal Error: Subscription refused. At most 3 subscriptions per connection',
    });
    expect((await client.call('slotUnsubscribe', [ids[0]])).json.result).toBe(true);
    expect((await client.call('signatureSubscribe', [SIGNATURE])).json.result).toEqual(expect.any(Number));
  });

  it('all sockets together hold at most 5: past that, mainnet’s "Node subscription limit reached"', async () => {
    const second = await openRawPubSubClient(server.wsUrl);
    clients.push(second);
    expect((await second.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    expect((await second.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    expect((await second.call('slotSubscribe')).json.error).toEqual({
      code: -32603,
      message: 'Internal Error: Subscription refused. Node subscription limit reached',
    });
  });

  it('an address holds at most 2 sockets: the third handshake is HTTP 429; closing one lets the next in', async () => {
    expect(await handshakeStatus(server.wsUrl)).toBe(429);
    await closeAll(server, clients);
    expect(server.subscriptions.subscriptionCount()).toBe(0);
    expect(await handshakeStatus(server.wsUrl)).toBe(101);
  });
});

describe('the PubSub caps the subscriptions of one client address across its sockets', () => {
  let server: LocalChainServer;
  const clients: RawPubSubClient[] = [];
  beforeAll(async () => {
    server = await startLocalChainServer({
      subscriptionLimits: { subscriptionsPerSocket: 3, subscriptionsPerIp: 4, subscriptionsTotal: 100 },
    });
  });
  afterAll(async () => {
    await closeAll(server, clients);
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  const open = async (localAddress?: string) => {
    const client = await openRawPubSubClient(server.wsUrl, localAddress ? { localAddress } : {});
    clients.push(client);
    return client;
  };

  it('an address holds at most 4 subscriptions over all its sockets; another address is not affected; an unsubscribe frees one', async () => {
    const first = await open();
    const second = await open();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await first.call('slotSubscribe')).json.result as number);
    expect((await second.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    const count = server.subscriptions.subscriptionCount();
    expect((await second.call('accountSubscribe', [ADDRESS])).json.error).toEqual({
      code: -32603,
      message: 'Internal Error: Subscription refused. At most 4 subscriptions per address',
    });
    expect(server.subscriptions.subscriptionCount()).toBe(count);
    // 127.0.0.0/8 is loopback: a socket bound to 127.0.0.2 is another client address to the server.
    const elsewhere = await open('127.0.0.2');
    expect((await elsewhere.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    expect((await first.call('slotUnsubscribe', [ids[0]])).json.result).toBe(true);
    expect((await second.call('signatureSubscribe', [SIGNATURE])).json.result).toEqual(expect.any(Number));
  });

  it('a closed socket gives its address back what it held', async () => {
    await closeAll(server, clients);
    const next = await open();
    for (let i = 0; i < 3; i++)
      expect((await next.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    const another = await open();
    expect((await another.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
    expect((await another.call('slotSubscribe')).json.error).toMatchObject({ code: -32603 });
  });
});

describe('PubSub spends the /rpc per-IP request budget', () => {
  let server: LocalChainServer;
  const clients: RawPubSubClient[] = [];
  beforeAll(async () => {
    // The limiter runs on the test's fake clock: one token a second, four at once.
    server = await startLocalChainServer({ perIp: { capacity: 4, refillPerMinute: 60 } });
  });
  afterAll(async () => {
    await closeAll(server, clients);
    await server.stop();
    await removeDataDir(server.dataDir);
  });

  it('the handshake and each subscribe spend a token, unsubscribes none; empty is 429, and it refills', async () => {
    const client = await openRawPubSubClient(server.wsUrl);
    clients.push(client);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await client.call('slotSubscribe')).json.result as number);
    expect(ids).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect((await client.call('slotSubscribe')).text).toBe(
      '{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests"},"id":4}',
    );
    for (const id of ids) expect((await client.call('slotUnsubscribe', [id])).json.result).toBe(true);
    expect(await handshakeStatus(server.wsUrl)).toBe(429);
    server.clock.advance(1_000);
    expect((await client.call('slotSubscribe')).json.result).toEqual(expect.any(Number));
  });
});
