import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { rpcUrlAnswerSchema, walletConfigAnswerSchema } from '../../common/api/player-api.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from './app.ts';

const HOUSE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

async function fakeClient(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'client-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

describe('HTTP shell', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: loadConfig({}), houseWallet: HOUSE, clientDir: await fakeClient() });
  });
  afterAll(() => app.close());

  it.each([
    ['/', 200],
    ['/admin', 200],
    ['/admin/login', 200],
    // A reload of any back-office place gets the app, which routes to it.
    ['/admin/system-events', 200],
    ['/admin/games/0b6f1a52-6a0e-4c4e-9d55-3b8f1f3f7a01', 200],
    ['/admin/wallets/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?q=abcd', 200],
    ['/admin/ips/198.51.100.23', 200],
    ['/admin/games/not-a-game', 404],
    ['/no/such/page', 404],
  ] as const)(
    'GET %s serves the client app with %i (a path that is no page is a not-found answer)',
    async (url, status) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('hashed assets are cached for long', async () => {
    const res = await app.inject({ url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
  ] as const)('%s %s (unknown API path) is a JSON 404 with an error', async (method, url) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });

  it('GET /api/wallet-config gives the house wallet and the cluster (localnet: the embedded chain), nothing else', async () => {
    const res = await app.inject({ url: '/api/wallet-config' });
    expect(res.json()).toEqual({ houseWallet: HOUSE, cluster: 'localnet' });
  });

  it('GET /api/quicknode-url points the browser at this server’s /rpc on the local chain', async () => {
    const res = await app.inject({ url: '/api/quicknode-url', headers: { host: 'pong.test:8080' } });
    expect(res.json()).toEqual({ url: 'http://pong.test:8080/rpc' });
  });

  it('the wallet configuration and the RPC URL answer what the HTTP contract says, exactly', async () => {
    const config = await app.inject({ url: '/api/wallet-config' });
    fitsExactly(walletConfigAnswerSchema, config.json(), 'GET /api/wallet-config');
    const rpc = await app.inject({ url: '/api/quicknode-url', headers: { host: 'pong.test:8080' } });
    fitsExactly(rpcUrlAnswerSchema, rpc.json(), 'GET /api/quicknode-url');
  });

  it('security headers are set on pages and API answers', async () => {
    for (const url of ['/', '/api/wallet-config']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('quicknode-url on a remote chain', () => {
  it('hands browsers PUBLIC_RPC_URL, never the private SOLANA_RPC_URL', async () => {
    const config = loadConfig({
      SOLANA_RPC_URL: 'https://private.rpc.example/secret-key',
      PUBLIC_RPC_URL: 'https://api.devnet.solana.com',
      HOUSE_WALLET_KEYPAIR: '/nonexistent',
    });
    const app = await buildApp({ config, houseWallet: HOUSE, clientDir: await fakeClient() });
    const res = await app.inject({ url: '/api/quicknode-url' });
    expect(res.json()).toEqual({ url: 'https://api.devnet.solana.com' });
    expect(res.headers['content-security-policy']).toContain('https://api.devnet.solana.com');
    expect(JSON.stringify(res.headers)).not.toContain('secret-key');
    await app.close();
  });

  it('/api/wallet-config names the configured cluster, so the client offers no Local Wallet there', async () => {
    const config = loadConfig({
      SOLANA_RPC_URL: 'https://private.rpc.example/secret-key',
      PUBLIC_RPC_URL: 'https://api.devnet.solana.com',
      SOLANA_CLUSTER: 'devnet',
      HOUSE_WALLET_KEYPAIR: '/nonexistent',
    });
    const app = await buildApp({ config, houseWallet: HOUSE, clientDir: await fakeClient() });
    const res = await app.inject({ url: '/api/wallet-config' });
    expect(res.json()).toEqual({ houseWallet: HOUSE, cluster: 'devnet' });
    await app.close();
  });
});

describe('an unbuilt client', () => {
  it('pages explain how to build it; the API still answers', async () => {
    const app = await buildApp({ config: loadConfig({}), houseWallet: HOUSE, clientDir: '/nonexistent' });
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await app.inject({ url: '/api/wallet-config' })).statusCode).toBe(200);
    await app.close();
  });
});
