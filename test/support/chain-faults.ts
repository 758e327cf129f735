import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one request instead of forwarding it: an HTTP error (429 with `Retry-After: 1`, as
 * providers answer a burst), hang (never answer), or drop (close the connection without an answer).
 */
export type ChainFault = 429 | 500 | 502 | 503 | 'hang' | 'drop';

/**
 * A fault-injecting HTTP proxy between a Solana RPC client and the chain's JSON-RPC endpoint (RELIABILITY
 * 26): it forwards every POST to `targetUrl` unless told to answer the next requests with an HTTP error or
 * to hang (never answer until the client gives up or the proxy stops).
 */
export interface ChainFaults {
  /** The proxy's own RPC URL: give it to the client under test. */
  readonly url: string;
  /** Requests that reached the proxy, faulted or not. */
  readonly requests: number;
  /** Requests passed on to the chain. */
  readonly forwarded: number;
  /** The next `count` requests get `fault`; later calls queue after earlier ones. */
  failNext(count: number, fault: ChainFault): void;
  /** Every following request gets `fault` until `heal()`. */
  failAll(fault: ChainFault): void;
  /**
   * Each following request, numbered from 1 as it reaches the proxy, gets what `pattern` says for its number
   * (undefined: forwarded) until `heal()`: a fixed share of faults, the same on every run.
   */
  failBy(pattern: (request: number) => ChainFault | undefined): void;
  /** Requests answered with each fault so far. */
  readonly faulted: ReadonlyMap<ChainFault, number>;
  heal(): void;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startChainFaults(targetUrl: string): Promise<ChainFaults> {
  const queued: ChainFault[] = [];
  let always: ChainFault | undefined;
  let pattern: ((request: number) => ChainFault | undefined) | undefined;
  const faulted = new Map<ChainFault, number>();
  let requests = 0;
  let forwarded = 0;
  const hanging = new Set<ServerResponse>();

  async function forward(body: string, response: ServerResponse) {
    forwarded++;
    const answer = await fetch(targetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await answer.text();
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    response.end(text);
  }

  const server = createServer(async (request, response) => {
    const number = ++requests;
    try {
      const body = await readBody(request);
      const fault = queued.shift() ?? always ?? pattern?.(number);
      if (fault !== undefined) faulted.set(fault, (faulted.get(fault) ?? 0) + 1);
      if (fault === 'drop') {
        request.socket.destroy();
        return;
      }
      if (fault === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (fault !== undefined) {
        response.writeHead(fault, {
          'content-type': 'text/plain',
          ...(fault === 429 ? { 'retry-after': '1' } : {}),
        });
        response.end(fault === 429 ? 'Too Many Requests' : 'Injected fault');
        return;
      }
      await forward(body, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy error: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/rpc`,
    get requests() {
      return requests;
    },
    get forwarded() {
      return forwarded;
    },
    failNext(count, fault) {
      for (let i = 0; i < count; i++) queued.push(fault);
    },
    failAll(fault) {
      always = fault;
    },
    failBy(decide) {
      pattern = decide;
    },
    faulted,
    heal() {
      queued.length = 0;
      always = undefined;
      pattern = undefined;
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
