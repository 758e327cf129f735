import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/**
 * The local cluster's front door for development (`npm run cluster`): one origin for browsers in front of
 * several game nodes, a thin layer of routing on http-proxy-3, which does the forwarding and the WebSocket
 * tunnels. A deployment uses HAProxy with deploy/haproxy.cfg, which keeps the same rules: `/rpc` (HTTP and
 * its PubSub WebSocket) always goes to the first node, which holds the embedded chain; a `/ws` upgrade goes
 * to the node its `node` query names (`/ws?node=node-2`, sticky as Colyseus seat reservations are), else
 * round robin; every other request round robin. A node that does not accept the connection is skipped (a
 * sticky upgrade then falls back to the others in round-robin order, so a client whose node died still
 * reaches one that can tell it so); when none does, the proxy says so with a 502. It appends the client's
 * address to X-Forwarded-For, sets X-Forwarded-Proto, and names the node that answered in `x-served-by`.
 */

export interface ProxiedNode {
  /** The node's NODE_ID, e.g. node-1: what `?node=` names and `x-served-by` reports. */
  id: string;
  /** The node's base URL, e.g. http://127.0.0.1:8081 */
  url: string;
}

export interface RunningProxy {
  /** The proxy's base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  /** Stops listening and cuts every open connection, tunnelled WebSockets included. */
  close(): Promise<void>;
}

export const SERVED_BY_HEADER = 'x-served-by';

interface Target {
  id: string;
  host: string;
  port: number;
}

function targetOf(node: ProxiedNode): Target {
  const url = new URL(node.url);
  if (url.protocol !== 'http:' || !url.port) {
    throw new Error(`node ${node.id}: url must be http://host:port (got ${node.url})`);
  }
  return { id: node.id, host: url.hostname, port: Number(url.port) };
}

/** Whether the node accepts a connection now: a node that died is skipped before anything is sent to it. */
function accepts(target: Target): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function noNodeMessage(tried: Target[]): string {
  return `Bad gateway: no game node answered (tried ${tried.map((t) => t.id).join(', ')}). Is the cluster running?\n`;
}

/** An HTTP/1.1 response written by hand, for an upgrade's socket that is no longer an http.ServerResponse. */
function rawResponse(status: number, statusMessage: string, text: string): string {
  const headers: OutgoingHttpHeaders = {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  };
  const lines = [
    `HTTP/1.1 ${status} ${statusMessage}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

/** X-Forwarded-For gets the client's address appended; X-Forwarded-Proto says plain HTTP. */
function markForwarded(request: IncomingMessage): void {
  const client = request.socket.remoteAddress ?? 'unknown';
  const before = request.headers['x-forwarded-for'];
  request.headers['x-forwarded-for'] = before ? `${before}, ${client}` : client;
  request.headers['x-forwarded-proto'] = 'http';
}

/** Starts the proxy; `port` 0 picks a free one. */
export async function startProxy(options: {
  port: number;
  host?: string;
  nodes: ProxiedNode[];
}): Promise<RunningProxy> {
  if (options.nodes.length === 0) throw new Error('the proxy needs at least one node');
  const targets = options.nodes.map(targetOf);
  const chainHolder = targets[0]!;
  const proxy = createProxyServer({});
  const servedBy = new WeakMap<IncomingMessage, Target>();
  const tunnels = new Set<Duplex>();
  let turn = 0;

  // The answer, a WebSocket's 101 included, names the node that gave it.
  proxy.on('proxyRes', (answer, request) => {
    answer.headers[SERVED_BY_HEADER] = servedBy.get(request)?.id ?? '';
  });
  proxy.on('proxyReqWs', (upstream, request) => {
    upstream.on('upgrade', (answer: IncomingMessage, socket: Duplex) => {
      answer.headers[SERVED_BY_HEADER] = servedBy.get(request)?.id ?? '';
      tunnels.add(socket);
      socket.once('close', () => tunnels.delete(socket));
    });
  });

  /** The nodes to try for a request, in order: every node, starting with the next one's turn. */
  const candidates = (request: IncomingMessage, upgrade: boolean): Target[] => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    if (url.pathname === '/rpc') return [chainHolder];
    const start = turn++ % targets.length;
    const roundRobin = [...targets.slice(start), ...targets.slice(0, start)];
    const named =
      upgrade && url.pathname === '/ws' && targets.find((t) => t.id === url.searchParams.get('node'));
    return named ? [named, ...roundRobin.filter((t) => t !== named)] : roundRobin;
  };

  /** The first candidate that accepts a connection, and the candidates tried. */
  const pick = async (request: IncomingMessage, upgrade: boolean) => {
    const tried = candidates(request, upgrade);
    for (const target of tried) if (await accepts(target)) return { target, tried };
    return { target: undefined, tried };
  };

  const server = http.createServer(async (request, response) => {
    const { target, tried } = await pick(request, false);
    if (!target) {
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(noNodeMessage(tried));
      return;
    }
    servedBy.set(request, target);
    markForwarded(request);
    proxy.web(request, response, { target: `http://${target.host}:${target.port}` }, (error) => {
      // The node took the request and then failed: sending it to another could run it twice.
      const code = (error as NodeJS.ErrnoException).code ?? error.message;
      if (response.headersSent) response.destroy();
      else {
        response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Bad gateway: ${target.id} failed while answering (${code})\n`);
      }
    });
  });
  server.on('upgrade', async (request: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnels.add(client);
    client.once('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const { target, tried } = await pick(request, true);
    if (!target) {
      client.end(rawResponse(502, 'Bad Gateway', noNodeMessage(tried)));
      return;
    }
    servedBy.set(request, target);
    markForwarded(request);
    proxy.ws(request, client, head, { target: `http://${target.host}:${target.port}` }, () =>
      client.destroy(),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        proxy.close();
      });
      return closing;
    },
  };
}
