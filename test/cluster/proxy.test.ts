import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type RunningProxy, startProxy } from '../../scripts/cluster/proxy.ts';

/**
 * The cluster's proxy (scripts/cluster/proxy.ts) in front of tiny stand-in nodes: each answers HTTP with its
 * name, the path, the forwarded headers and the body it got, and greets each WebSocket with its name.
 */

interface Echo {
  node: string;
  path: string;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
  body: string;
}

interface FakeNode {
  id: string;
  url: string;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

async function fakeNode(id: string, options: { refuseUpgrades?: boolean } = {}): Promise<FakeNode> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const echo: Echo = {
        node: id,
        path: request.url ?? '',
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
        body: Buffer.concat(chunks).toString(),
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(echo));
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (options.refuseUpgrades) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\ncontent-length: 13\r\n\r\nsign in first',
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.send(
        JSON.stringify({ node: id, path: request.url, forwardedFor: request.headers['x-forwarded-for'] }),
      );
      ws.on('message', (data) => ws.send(`${id} echoes ${data.toString()}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed = false;
  const node: FakeNode = {
    id,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      for (const ws of sockets.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  cleanups.push(() => node.close());
  return node;
}

/** A port nothing listens on: a node that died. */
async function deadNode(id: string): Promise<FakeNode> {
  const node = await fakeNode(id);
  await node.close();
  return node;
}

async function proxyFor(nodes: FakeNode[]): Promise<RunningProxy> {
  const proxy = await startProxy({
    port: 0,
    host: '127.0.0.1',
    nodes: nodes.map(({ id, url }) => ({ id, url })),
  });
  cleanups.push(() => proxy.close());
  return proxy;
}

async function get(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; servedBy: string | null; echo: Echo }> {
  const response = await fetch(url, init);
  return {
    status: response.status,
    servedBy: response.headers.get('x-served-by'),
    echo: (await response.json()) as Echo,
  };
}

/** Opens a WebSocket through the proxy; resolves with the node's greeting and the 101's x-served-by. */
function openSocket(
  url: string,
): Promise<{ greeting: Echo; servedBy: string | undefined; socket: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let servedBy: string | undefined;
    socket.once('upgrade', (response) => {
      servedBy = response.headers['x-served-by'] as string | undefined;
    });
    socket.once('message', (data) => {
      cleanups.push(async () => socket.terminate());
      resolve({ greeting: JSON.parse(data.toString()) as Echo, servedBy, socket });
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        reject(new Error(`refused ${response.statusCode}: ${Buffer.concat(chunks).toString()}`)),
      );
    });
  });
}

describe('the cluster proxy', () => {
  it('spreads plain HTTP requests over the nodes in turn, and names the node that answered', async () => {
    const proxy = await proxyFor([await fakeNode('node-1'), await fakeNode('node-2')]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/api/wallet-config?i=${i}`));
    expect(answers.map((a) => a.echo.node)).toEqual(['node-1', 'node-2', 'node-1', 'node-2']);
    expect(answers.map((a) => a.servedBy)).toEqual(['node-1', 'node-2', 'node-1', 'node-2']);
    expect(answers[3]!.echo.path).toBe('/api/wallet-config?i=3');
  });

  it('sends every /rpc request, body and all, to the first node (it holds the chain)', async () => {
    const proxy = await proxyFor([
      await fakeNode('node-1'),
      await fakeNode('node-2'),
      await fakeNode('node-3'),
    ]);
    for (let i = 0; i < 4; i++) {
      const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'getSlot' });
      const answer = await get(`${proxy.url}/rpc`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.echo).toMatchObject({ node: 'node-1', path: '/rpc', body });
    }
    const sockets = [
      await openSocket(`${proxy.url.replace('http', 'ws')}/rpc`),
      await openSocket(`${proxy.url.replace('http', 'ws')}/rpc`),
    ];
    expect(sockets.map((s) => s.greeting.node)).toEqual(['node-1', 'node-1']);
  });

  it('upgrades /ws?node=<id> on that node every time, and /ws without it in turn; the tunnel carries messages both ways', async () => {
    const proxy = await proxyFor([
      await fakeNode('node-1'),
      await fakeNode('node-2'),
      await fakeNode('node-3'),
    ]);
    const ws = proxy.url.replace('http', 'ws');
    const sticky: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    for (let i = 0; i < 3; i++) sticky.push(await openSocket(`${ws}/ws?node=node-2`));
    expect(sticky.map((s) => s.greeting.node)).toEqual(['node-2', 'node-2', 'node-2']);
    expect(sticky.map((s) => s.servedBy)).toEqual(['node-2', 'node-2', 'node-2']);
    expect(sticky[0]!.greeting.path).toBe('/ws?node=node-2');

    const unnamed = [];
    for (let i = 0; i < 3; i++) unnamed.push(await openSocket(`${ws}/ws`));
    expect(new Set(unnamed.map((s) => s.greeting.node))).toEqual(new Set(['node-1', 'node-2', 'node-3']));

    const reply = new Promise<string>((resolve) =>
      sticky[0]!.socket.once('message', (d) => resolve(d.toString())),
    );
    sticky[0]!.socket.send('ping');
    expect(await reply).toBe('node-2 echoes ping');
  });

  it('skips a node that refuses the connection, for HTTP and for upgrades, a sticky one included', async () => {
    const proxy = await proxyFor([
      await fakeNode('node-1'),
      await deadNode('node-2'),
      await fakeNode('node-3'),
    ]);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get(`${proxy.url}/api/history`));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.echo.node))).toEqual(new Set(['node-1', 'node-3']));

    const fallback = await openSocket(`${proxy.url.replace('http', 'ws')}/ws?node=node-2`);
    expect(['node-1', 'node-3']).toContain(fallback.greeting.node);
  });

  it('answers 502 with a clear text when no node answers, for HTTP and for upgrades', async () => {
    const proxy = await proxyFor([await deadNode('node-1'), await deadNode('node-2')]);
    const response = await fetch(`${proxy.url}/`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      'Bad gateway: no game node answered (tried node-1, node-2). Is the cluster running?\n',
    );
    await expect(openSocket(`${proxy.url.replace('http', 'ws')}/ws`)).rejects.toThrow(
      /refused 502: Bad gateway: no game node answered/,
    );
    const rpc = await fetch(`${proxy.url}/rpc`, { method: 'POST', body: '{}' });
    expect(rpc.status).toBe(502);
    expect(await rpc.text()).toContain('(tried node-1)');
  });

  it("passes a node's refusal of an upgrade back as it is", async () => {
    const proxy = await proxyFor([await fakeNode('node-1', { refuseUpgrades: true })]);
    await expect(openSocket(`${proxy.url.replace('http', 'ws')}/ws`)).rejects.toThrow(
      'refused 401: sign in first',
    );
  });

  it('appends the client address to X-Forwarded-For and sets X-Forwarded-Proto, on HTTP and on upgrades', async () => {
    const proxy = await proxyFor([await fakeNode('node-1')]);
    const fresh = await get(`${proxy.url}/`);
    expect(fresh.echo.forwardedFor).toBe('127.0.0.1');
    expect(fresh.echo.forwardedProto).toBe('http');
    const chained = await get(`${proxy.url}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(chained.echo.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
    const socket = await openSocket(`${proxy.url.replace('http', 'ws')}/ws`);
    expect(socket.greeting.forwardedFor).toBe('127.0.0.1');
  });
});
