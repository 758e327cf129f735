import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * The local cluster's front door (issue 12 point 4): one origin for browsers in front of several game nodes,
 * on node:http alone. `/rpc` (HTTP and its PubSub WebSocket) always goes to the first node, which holds the
 * embedded chain; a `/ws` upgrade goes to the node its `node` query names (`/ws?node=node-2`, sticky as
 * Colyseus seat reservations are), else round robin; every other request round robin. A node that refuses
 * the connection is skipped for that request (a sticky upgrade then falls back to the others in round-robin
 * order, so a client whose node died still reaches one that can tell it so); when none answers the proxy
 * says so with a 502. It appends the client's address to X-Forwarded-For, sets X-Forwarded-Proto, and
 * names the node that answered in `x-served-by`. Not a production load balancer: no TLS, health checks or
 * timeouts beyond the nodes' own.
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
/** A request body larger than this is refused (413): the proxy keeps it whole to retry another node. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Headers that describe one hop's connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

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

/** The connection never opened (or a pooled one was already gone): another node may take the request. */
function refusedConnection(error: NodeJS.ErrnoException, request: http.ClientRequest): boolean {
  if (error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH') return true;
  return error.code === 'ECONNRESET' && request.reusedSocket;
}

function forwardedHeaders(request: IncomingMessage, keepUpgrade: boolean): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  if (keepUpgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = request.headers.upgrade ?? 'websocket';
  }
  const client = request.socket.remoteAddress ?? 'unknown';
  const before = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${before}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

function responseHeaders(upstream: IncomingMessage, servedBy: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers[SERVED_BY_HEADER] = servedBy;
  return headers;
}

/** An HTTP/1.1 response head written by hand, for a socket that is no longer an http.ServerResponse. */
function rawHead(status: number, statusMessage: string, headers: OutgoingHttpHeaders): string {
  const lines = [`HTTP/1.1 ${status} ${statusMessage}`];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function noNodeMessage(tried: Target[]): string {
  return `Bad gateway: no game node answered (tried ${tried.map((t) => t.id).join(', ')}). Is the cluster running?\n`;
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve('too large');
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
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
  const agent = new http.Agent({ keepAlive: true });
  const tunnels = new Set<Duplex>();
  let turn = 0;

  /** Every node, starting with the next one's turn. */
  const roundRobin = (): Target[] => {
    const start = turn++ % targets.length;
    return [...targets.slice(start), ...targets.slice(0, start)];
  };

  /** The nodes to try for a request, in order. */
  const candidates = (request: IncomingMessage, upgrade: boolean): Target[] => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    if (url.pathname === '/rpc') return [chainHolder];
    if (upgrade && url.pathname === '/ws') {
      const named = targets.find((t) => t.id === url.searchParams.get('node'));
      if (named) return [named, ...roundRobin().filter((t) => t !== named)];
    }
    return roundRobin();
  };

  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (body === 'too large') {
      response.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      response.end(`Request body larger than ${MAX_BODY_BYTES} bytes\n`);
      return;
    }
    const tried = candidates(request, false);
    for (const target of tried) {
      const outcome = await new Promise<'refused' | 'done'>((resolve) => {
        const upstream = http.request({
          host: target.host,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request, false),
          agent,
        });
        upstream.on('response', (answer) => {
          response.writeHead(
            answer.statusCode ?? 502,
            answer.statusMessage,
            responseHeaders(answer, target.id),
          );
          answer.pipe(response);
          answer.on('error', () => response.destroy());
          resolve('done');
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (response.destroyed) return resolve('done');
          if (refusedConnection(error, upstream)) return resolve('refused');
          // The node took the request and then failed: sending it to another could run it twice.
          if (!response.headersSent) {
            response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(
              `Bad gateway: ${target.id} failed while answering (${error.code ?? error.message})\n`,
            );
          } else response.destroy();
          resolve('done');
        });
        // The client went away before its answer was complete: the node need not finish it.
        response.on('close', () => {
          if (!response.writableFinished) upstream.destroy();
        });
        upstream.end(body);
      });
      if (outcome === 'done') return;
    }
    response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(noNodeMessage(tried));
  };

  const tunnel = async (request: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    const tried = candidates(request, true);
    for (const target of tried) {
      const outcome = await new Promise<'refused' | 'done'>((resolve) => {
        const upstream = http.request({
          host: target.host,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request, true),
          agent: false,
        });
        // The client hung up while the node was still answering, or later: the node's side goes too.
        client.on('close', () => upstream.destroy());
        upstream.on('upgrade', (answer, socket: Socket, upstreamHead: Buffer) => {
          tunnels.add(socket);
          socket.on('close', () => {
            tunnels.delete(socket);
            client.destroy();
          });
          socket.on('error', () => socket.destroy());
          client.on('close', () => socket.destroy());
          const headers = responseHeaders(answer, target.id);
          headers.connection = 'Upgrade';
          headers.upgrade = answer.headers.upgrade ?? 'websocket';
          client.write(rawHead(101, answer.statusMessage ?? 'Switching Protocols', headers));
          if (upstreamHead.length > 0) client.write(upstreamHead);
          if (head.length > 0) socket.write(head);
          socket.pipe(client);
          client.pipe(socket);
          resolve('done');
        });
        // The node refused the upgrade (origin, session, rate limit): its answer goes back as it is.
        upstream.on('response', (answer) => {
          const headers = responseHeaders(answer, target.id);
          headers.connection = 'close';
          client.write(rawHead(answer.statusCode ?? 502, answer.statusMessage ?? '', headers));
          answer.pipe(client);
          resolve('done');
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!client.destroyed && refusedConnection(error, upstream)) return resolve('refused');
          client.destroy();
          resolve('done');
        });
        upstream.end();
      });
      if (outcome === 'done') return;
    }
    const text = noNodeMessage(tried);
    client.end(
      rawHead(502, 'Bad Gateway', {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        connection: 'close',
      }) + text,
    );
  };

  const server = http.createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Bad gateway: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnel(request, client, head).catch(() => client.destroy());
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
        agent.destroy();
      });
      return closing;
    },
  };
}
