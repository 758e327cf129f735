import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startLocalChainServer } from '../../../../test/support/local-chain-server.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { openRawPubSubClient } from '../test-support/pubsub-client.ts';

/** A peer that completes the WebSocket handshake and then never answers anything, a close frame included. */
async function openSilentPeer(wsUrl: string): Promise<net.Socket> {
  const { hostname, port } = new URL(wsUrl);
  const tcp = net.connect(Number(port), hostname);
  await once(tcp, 'connect');
  tcp.write(
    [
      'GET /rpc HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  );
  const [head] = (await once(tcp, 'data')) as [Buffer];
  expect(head.toString()).toMatch(/^HTTP\/1\.1 101 /);
  return tcp;
}

/**
 * PubSub sockets are closed at shutdown without holding it up, half-open ones
 * are dropped by a heartbeat, and in the product the endpoint shares the game channel's @fastify/websocket
 * without being subject to the game channel's own socket bookkeeping.
 */
describe('PubSub sockets end cleanly', () => {
  it('a socket that stops answering pings is dropped by the heartbeat', async () => {
    const server = await startLocalChainServer({ subscriptionLimits: { heartbeatMs: 20 } });
    try {
      const deaf = await openRawPubSubClient(server.wsUrl, { autoPong: false });
      const [code] = await once(deaf.socket, 'close');
      expect(code).toBe(1006);
    } finally {
      await server.stop();
      await removeDataDir(server.dataDir);
    }
  });

  it('shutdown closes sockets with 1001 and does not wait past the grace for a peer that never answers', async () => {
    const server = await startLocalChainServer({ subscriptionLimits: { shutdownGraceMs: 50 } });
    const client = await openRawPubSubClient(server.wsUrl);
    await client.call('slotSubscribe');
    const silent = await openSilentPeer(server.wsUrl);
    const clientClosed = once(client.socket, 'close');
    const silentClosed = once(silent, 'close');

    await server.stop();
    const [code, reason] = await clientClosed;
    expect([code, String(reason)]).toEqual([1001, 'Server shutting down']);
    await silentClosed;
    expect(server.subscriptions.subscriptionCount()).toBe(0);
    await removeDataDir(server.dataDir);
  });
});

describe('ws://host/rpc on the product server, beside the game channel', () => {
  const clock = createFakeClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock, rpcLimits: {} });
  }, 120_000);
  afterAll(() => server.stop());

  it('serves slot notifications on its own timer, outside the game channel’s sockets, and closes them at shutdown', async () => {
    const client = await openRawPubSubClient(`${server.url.replace(/^http/, 'ws')}/rpc`);
    const id = (await client.call('slotSubscribe')).json.result;
    // The game channel pings and drops the sockets of the shared server by its own /ws bookkeeping.
    expect(server.app.websocketServer.clients.size).toBe(0);

    clock.advance(400);
    // No test tick here: the product's hub notices the slot on its own timer.
    const notification = await client.nextNotification();
    expect(notification.json).toMatchObject({ method: 'slotNotification', params: { subscription: id } });

    const closed = once(client.socket, 'close');
    await server.stop();
    const [code] = await closed;
    expect(code).toBe(1001);
  });
});
