import { generateKeyPairSigner } from '@solana/kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeDataDir,
  removeDataDir,
  startLocalChainServer,
} from '../../../../test/support/local-chain-server.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import type { LocalChain } from '../local/local-chain.ts';
import { DEFAULT_MAX_AIRDROP_LAMPORTS } from './methods/transaction-methods.ts';
import { DEFAULT_MAX_BATCH } from './rpc-handler.ts';
import { DEFAULT_RPC_PER_IP, INTERNAL_RPC_HEADER, registerRpcRoute } from './rpc-route.ts';

const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });

function post(
  app: FastifyInstance,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/rpc',
    remoteAddress: options.ip ?? '198.51.100.1',
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: JSON.stringify(body),
  });
}

/**
 * A deployment that forgets SOLANA_RPC_URL serves the local chain, faucet included, at
 * /rpc on every interface. It stays for local play, but bounded: a per-IP rate limit, a batch cap and an
 * airdrop cap, through the product's own server and its default limits.
 */
describe('the local /rpc is bounded', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rpcLimits: {} });
  }, 120_000);
  afterAll(() => server.stop());

  it('an airdrop above the cap is refused (-32602) and moves nothing; one at the cap is paid', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const tooMuch = await post(
      server.app,
      call('requestAirdrop', [wallet, Number(DEFAULT_MAX_AIRDROP_LAMPORTS + 1n)]),
    );
    expect(tooMuch.json()).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/at most/) },
    });
    const balance = await post(server.app, call('getBalance', [wallet]));
    expect(balance.json().result.value).toBe(0);
    const atCap = await post(
      server.app,
      call('requestAirdrop', [wallet, Number(DEFAULT_MAX_AIRDROP_LAMPORTS)]),
    );
    expect(atCap.json().result).toEqual(expect.any(String));
  });

  it('a batch above the cap is refused whole; one at the cap is answered in full', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => call('getHealth', [], i));
    const over = await post(server.app, batch(DEFAULT_MAX_BATCH + 1));
    expect(over.json()).toMatchObject({
      error: { code: -32600, message: `Batch too large: at most ${DEFAULT_MAX_BATCH} requests` },
    });
    const at = await post(server.app, batch(DEFAULT_MAX_BATCH));
    expect(at.json()).toHaveLength(DEFAULT_MAX_BATCH);
  });

  it('one IP gets its burst, then 429 with Retry-After; another IP is not affected', async () => {
    const flooder = '198.51.100.66';
    // The product's limiter runs on the wall clock, so a few tokens come back while the burst is sent.
    // The refusal looked at is the one that ended the burst: another request after it could find a token
    // refilled meanwhile on a slow machine.
    let accepted = 0;
    let refused = await post(server.app, call('getHealth'), { ip: flooder });
    while (refused.statusCode === 200) {
      accepted += 1;
      expect(accepted).toBeLessThan(DEFAULT_RPC_PER_IP.capacity * 2);
      refused = await post(server.app, call('getHealth'), { ip: flooder });
    }
    expect(accepted).toBeGreaterThanOrEqual(DEFAULT_RPC_PER_IP.capacity);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ error: { code: 429, message: 'Too many requests' } });
    expect((await post(server.app, call('getHealth'), { ip: '198.51.100.67' })).statusCode).toBe(200);
  });
});

describe('the per-IP limit and the server exemption of its own client', () => {
  let chain: LocalChain;
  let dataDir: string;
  beforeAll(async () => {
    // A chain folder of its own, served by a bare route whose limits this test sets.
    dataDir = await makeDataDir();
    const host = await startLocalChainServer({ dataDir });
    chain = host.chain;
    await host.stop({ closeChain: false });
  });
  afterAll(async () => {
    await chain.close();
    await removeDataDir(dataDir);
  });

  it('the bucket refills with time; the server token skips the limit and a wrong token does not', async () => {
    const clock = createFakeClock(Date.now());
    const app = Fastify();
    await registerRpcRoute(app, chain, {
      perIp: { capacity: 2, refillPerMinute: 60 },
      internalToken: 'a'.repeat(43),
      clock,
    });
    try {
      const ip = '203.0.113.5';
      expect((await post(app, call('getHealth'), { ip })).statusCode).toBe(200);
      expect((await post(app, call('getHealth'), { ip })).statusCode).toBe(200);
      expect((await post(app, call('getHealth'), { ip })).statusCode).toBe(429);
      const wrong = { [INTERNAL_RPC_HEADER]: 'b'.repeat(43) };
      expect((await post(app, call('getHealth'), { ip, headers: wrong })).statusCode).toBe(429);
      const own = { [INTERNAL_RPC_HEADER]: 'a'.repeat(43) };
      for (let i = 0; i < 5; i++)
        expect((await post(app, call('getHealth'), { ip, headers: own })).statusCode).toBe(200);
      clock.advance(999);
      expect((await post(app, call('getHealth'), { ip })).statusCode).toBe(429);
      clock.advance(1);
      expect((await post(app, call('getHealth'), { ip })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
