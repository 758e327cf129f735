/**
 * The Colyseus 0.18 peer's server process, started by `npm run bench -- --peer colyseus`
 * through peer-process.ts: `@colyseus/core` with `@colyseus/ws-transport` on its defaults (no
 * permessage-deflate), the rooms `json` and `schema` (rooms.ts), and GET /metrics in the product's
 * Prometheus text (peer-metrics.ts). Listens on 127.0.0.1 only, so its metrics are the machine's own.
 *
 *   PORT=0 node --import tsx bench/peers/colyseus/server.ts     (prints "Peer listening at http://...")
 */
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { createPeerMetrics } from './peer-metrics.ts';
import { JsonPongRoom, liveMatches, SchemaPongRoom, usePeerMetrics } from './rooms.ts';

const HOST = '127.0.0.1';
const port = Number(process.env.PORT ?? '0');
if (!Number.isInteger(port) || port < 0)
  throw new Error(`PORT must be a port number (got ${process.env.PORT})`);

const metrics = createPeerMetrics(liveMatches);
usePeerMetrics(metrics);
metrics.start();

/** The little of Express' response the route uses (Express comes with the transport, without its types). */
interface TextResponse {
  set(name: string, value: string): TextResponse;
  type(contentType: string): TextResponse;
  send(body: string): void;
}

const transport = new WebSocketTransport();
const server = new Server({
  transport,
  greet: false,
  express: (app) => {
    app.get('/metrics', async (_request: unknown, response: TextResponse) => {
      const text = await metrics.render();
      response.set('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(text);
    });
  },
});
server.define('json', JsonPongRoom);
server.define('schema', SchemaPongRoom);
await server.listen(port, HOST);
const address = transport.server?.address() as AddressInfo;
process.stdout.write(`Peer listening at http://${HOST}:${address.port}\n`);
