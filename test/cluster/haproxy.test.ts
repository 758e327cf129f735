import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { findFreePortRange } from '../../scripts/cluster/free-port-range.ts';
import { startHaproxy } from './haproxy.ts';

/**
 * deploy/haproxy.cfg, run by HAProxy in front of two stand-in nodes: each answers HTTP with its name, the
 * path and the forwarded headers, and greets each WebSocket with its name. The rules are the development
 * proxy's (test/cluster/proxy.test.ts): /rpc to node-1, `/ws?node=` sticky, the rest round robin.
 */

interface Echo {
  node: string;
  path: string;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanUp of cleanups.splice(0).reverse()) await cleanUp();
});

async function fakeNode(id: string, options: { dead?: boolean } = {}): Promise<{ id: string; url: string }> {
  const server = http.createServer((request, response) => {
    // As Fastify does: a request without a Host header (an HTTP/1.0 health check) is refused.
    if (!request.headers.host) {
      response.writeHead(400).end();
      return;
    }
    request.resume();
    request.on('end', () => {
      const echo: Echo = {
        node: id,
        path: request.url ?? '',
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        forwardedProto: request.headers['x-forwarded-proto'] as string | undefined,
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(echo));
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
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
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const ws of sockets.clients) ws.terminate();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  if (options.dead) await close();
  else cleanups.push(close);
  return { id, url: `http://127.0.0.1:${port}` };
}

async function balancer(nodes: Array<{ id: string; url: string }>) {
  const port = await findFreePortRange(1);
  const proxy = await startHaproxy({ port, nodes });
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

function openSocket(url: string): Promise<{ greeting: Echo; socket: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('message', (data) => {
      cleanups.push(async () => socket.terminate());
      resolve({ greeting: JSON.parse(data.toString()) as Echo, socket });
    });
    socket.once('error', reject);
  });
}

describe('deploy/haproxy.cfg in front of two nodes', () => {
  it('spreads plain HTTP requests over the nodes in turn and names the node that answered; /rpc goes to node-1', async () => {
    const proxy = await balancer([await fakeNode('node-1'), await fakeNode('node-2')]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/api/wallet-config?i=${i}`));
    expect(new Set(answers.map((a) => a.echo.node))).toEqual(new Set(['node-1', 'node-2']));
    expect(answers.map((a) => a.servedBy)).toEqual(answers.map((a) => a.echo.node));
    expect(answers[3]!.echo.path).toBe('/api/wallet-config?i=3');
    for (let i = 0; i < 3; i++) {
      const rpc = await get(`${proxy.url}/rpc`, { method: 'POST', body: '{}' });
      expect([rpc.echo.node, rpc.servedBy]).toEqual(['node-1', 'node-1']);
    }
    const rpcSocket = await openSocket(`${proxy.url.replace('http', 'ws')}/rpc`);
    expect(rpcSocket.greeting.node).toBe('node-1');
  });

  it('upgrades /ws?node=<id> on that node every time; the tunnel carries messages both ways', async () => {
    const proxy = await balancer([await fakeNode('node-1'), await fakeNode('node-2')]);
    const ws = proxy.url.replace('http', 'ws');
    const sticky: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    for (let i = 0; i < 3; i++) sticky.push(await openSocket(`${ws}/ws?node=node-2`));
    expect(sticky.map((s) => s.greeting.node)).toEqual(['node-2', 'node-2', 'node-2']);
    expect(sticky[0]!.greeting.path).toBe('/ws?node=node-2');
    const unnamed = [];
    for (let i = 0; i < 4; i++) unnamed.push(await openSocket(`${ws}/ws`));
    expect(new Set(unnamed.map((s) => s.greeting.node))).toEqual(new Set(['node-1', 'node-2']));
    const reply = new Promise<string>((resolve) =>
      sticky[0]!.socket.once('message', (d) => resolve(d.toString())),
    );
    sticky[0]!.socket.send('ping');
    expect(await reply).toBe('node-2 echoes ping');
  });

  it('skips a node that refuses the connection, for HTTP and for a sticky upgrade', async () => {
    const proxy = await balancer([await fakeNode('node-1'), await fakeNode('node-2', { dead: true })]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/api/history`));
    expect(answers.map((a) => [a.status, a.echo.node])).toEqual(Array(4).fill([200, 'node-1']));
    const fallback = await openSocket(`${proxy.url.replace('http', 'ws')}/ws?node=node-2`);
    expect(fallback.greeting.node).toBe('node-1');
  });

  it('keeps a node whose health checks pass: every answer still comes from both nodes after the checks ran', async () => {
    const proxy = await balancer([await fakeNode('node-1'), await fakeNode('node-2')]);
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // Two failed checks (2 s apart) would take a node out.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(`${proxy.url}/api/wallet-config`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.echo.node))).toEqual(new Set(['node-1', 'node-2']));
    expect(proxy.output()).not.toMatch(/is DOWN/);
  }, 20_000);

  it('appends the client address to X-Forwarded-For and sets X-Forwarded-Proto, on HTTP and on upgrades', async () => {
    const proxy = await balancer([await fakeNode('node-1'), await fakeNode('node-2')]);
    const fresh = await get(`${proxy.url}/`);
    expect(fresh.echo.forwardedFor).toBe('127.0.0.1');
    expect(fresh.echo.forwardedProto).toBe('http');
    const chained = await get(`${proxy.url}/`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(chained.echo.forwardedFor).toBe('203.0.113.7, 127.0.0.1');
    const socket = await openSocket(`${proxy.url.replace('http', 'ws')}/ws`);
    expect(socket.greeting.forwardedFor).toBe('127.0.0.1');
  });
});
