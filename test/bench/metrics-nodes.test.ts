import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMetricsNodes, metricsNodesOf } from '../../bench/metrics-nodes.ts';
import { SERVED_BY_HEADER } from '../../scripts/cluster/proxy.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A local HTTP server answering GET /metrics with `status`, `body` and `headers`; its base URL. */
async function metricsServer(status: number, body: string, headers: Record<string, string> = {}) {
  const server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain', ...headers });
    response.end(body);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A base URL nothing listens on: a port that was free a moment ago. */
async function closedUrl() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

const NODE_METRICS = 'pong_live_matches 3\nprocess_resident_memory_bytes 1000\n';

describe('bench --metrics: the nodes named', () => {
  it('keeps each node’s origin and is empty without --metrics', () => {
    expect(
      metricsNodesOf(['http://127.0.0.1:8081/', 'http://127.0.0.1:8082/metrics'], 'http://127.0.0.1:8080'),
    ).toEqual(['http://127.0.0.1:8081', 'http://127.0.0.1:8082']);
    expect(metricsNodesOf(undefined, 'http://127.0.0.1:8080')).toEqual([]);
  });

  it('refuses --metrics without --target, a URL that is not http(s), and a node named twice', () => {
    expect(() => metricsNodesOf(['http://127.0.0.1:8081'], null)).toThrow(/--target/);
    expect(() => metricsNodesOf(['127.0.0.1:8081'], 'http://h')).toThrow(/got 127\.0\.0\.1:8081/);
    expect(() => metricsNodesOf(['ftp://h:1'], 'http://h')).toThrow(/got ftp:\/\/h:1/);
    expect(() => metricsNodesOf(['http://h:1', 'http://h:1/'], 'http://h')).toThrow(/http:\/\/h:1 twice/);
  });
});

describe('bench --metrics: every node’s /metrics is read once before the bots start', () => {
  it('passes when each node answers as a game node', async () => {
    const urls = [await metricsServer(200, NODE_METRICS), await metricsServer(200, NODE_METRICS)];
    await expect(checkMetricsNodes(urls)).resolves.toBeUndefined();
  });

  it('names a node that does not answer, and not the one that does', async () => {
    const good = await metricsServer(200, NODE_METRICS);
    const down = await closedUrl();
    const failure = await checkMetricsNodes([good, down]).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      new RegExp(`^--metrics: cannot read these nodes' /metrics: ${down}: GET /metrics failed`),
    );
    expect(failure).not.toContain(good);
  });

  it('names a node that refuses, one behind the proxy, and one that is not a game node', async () => {
    const refusing = await metricsServer(403, '{"error":"no"}');
    const proxied = await metricsServer(200, NODE_METRICS, { [SERVED_BY_HEADER]: 'node-1' });
    const other = await metricsServer(200, 'up 1\n');
    const failure = checkMetricsNodes([refusing, proxied, other]);
    await expect(failure).rejects.toThrow(`${refusing}: GET /metrics answered 403`);
    await expect(failure).rejects.toThrow(`${proxied}: a proxy answered GET /metrics (from node-1)`);
    await expect(failure).rejects.toThrow(`${other}: its /metrics has no pong_live_matches`);
  });
});
