import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { RPC_READER_ORIGINS } from './rpc-route.ts';

const EXPLORER = 'https://explorer.solana.com';

/**
 * The history links each on-chain transfer of the local chain to Solana Explorer as a custom cluster reading
 * this server's /rpc: the explorer's page may read /rpc across origins (CORS), and no other origin may.
 */
describe("Solana Explorer may read the local chain's /rpc; other origins get no CORS grant", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.stop());

  const preflight = (origin: string) =>
    fetch(`${server.url}/rpc`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
  const getSlot = (origin: string) =>
    fetch(`${server.url}/rpc`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' }),
    });

  it('the explorer is the one origin allowed', () => {
    expect(RPC_READER_ORIGINS).toEqual([EXPLORER]);
  });

  it("the explorer's preflight is granted POST with a JSON body, and its call is answered readable", async () => {
    const pre = await preflight(EXPLORER);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(EXPLORER);
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    const res = await getSlot(EXPLORER);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(EXPLORER);
    expect(typeof (await res.json()).result).toBe('number');
  });

  it('another origin is granted nothing: no allow-origin on its preflight or its call', async () => {
    const other = 'https://evil.example';
    const pre = await preflight(other);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
    const res = await getSlot(other);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
