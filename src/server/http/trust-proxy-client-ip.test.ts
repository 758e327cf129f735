import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createBans } from '../security/bans.ts';
import { buildApp } from './app.ts';
import { registerBanStatusRoute } from './ban-status-route.ts';

const HOUSE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const PROXY = '10.0.0.7';
const CLIENT = '203.0.113.9';

async function appWith(trustProxy: string, plugin?: (app: FastifyInstance) => void) {
  const app = await buildApp({
    config: loadConfig({ TRUST_PROXY: trustProxy }),
    houseWallet: HOUSE,
    clientDir: '/nonexistent',
    plugins: [
      (app) => {
        app.get('/api/test-ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
        plugin?.(app);
      },
    ],
  });
  await app.ready();
  return app;
}

/** What one request looks like when it reaches the server from `peer` carrying `forwardedFor`. */
async function seenIp(app: FastifyInstance, peer: string, forwardedFor?: string) {
  const res = await app.inject({
    url: '/api/test-ip',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
  });
  return res.json() as { ip: string; protocol: string };
}

/**
 * With TRUST_PROXY=true Fastify took the left-most X-Forwarded-For entry, which the client
 * writes. TRUST_PROXY is now a hop count or the proxies' addresses, and the client IP is the one the trusted
 * proxy saw, so rotating the header escapes neither IP bans nor per-IP limits.
 */
describe('forwarded addresses are believed only from trusted proxies', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('TRUST_PROXY=true (trust every hop) is refused at start with what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    for (const bad of ['yes', '11', '10.0.0.0/33', '10.0.0.1,nonsense', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be false, a hop count/);
    }
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ] as const)('TRUST_PROXY=%s is read as %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('with one trusted hop, the client IP is what the proxy appended, whatever the client wrote', async () => {
    app = await appWith('1');
    for (const forged of ['6.6.6.6', '1.1.1.1, 2.2.2.2', 'not-an-ip']) {
      expect(await seenIp(app, PROXY, `${forged}, ${CLIENT}`)).toEqual({ ip: CLIENT, protocol: 'https' });
    }
    expect((await seenIp(app, PROXY, CLIENT)).ip).toBe(CLIENT);
    expect((await seenIp(app, PROXY)).ip).toBe(PROXY);
  });

  it('with two trusted hops, the client IP is what the outer proxy saw', async () => {
    app = await appWith('2');
    expect((await seenIp(app, PROXY, `6.6.6.6, ${CLIENT}, 10.0.0.3`)).ip).toBe(CLIENT);
  });

  it('with a list of proxies, only they are believed; a direct client cannot forge its address', async () => {
    app = await appWith('10.0.0.0/8');
    expect((await seenIp(app, PROXY, `6.6.6.6, ${CLIENT}`)).ip).toBe(CLIENT);
    // Not through the proxy: its X-Forwarded-For and X-Forwarded-Proto are the client's own words.
    expect(await seenIp(app, '198.51.100.4', `6.6.6.6, ${CLIENT}`)).toEqual({
      ip: '198.51.100.4',
      protocol: 'http',
    });
  });

  it('without TRUST_PROXY the headers are ignored', async () => {
    app = await appWith('false');
    expect((await seenIp(app, PROXY, `6.6.6.6, ${CLIENT}`)).ip).toBe(PROXY);
  });
});

describeEachDatabase('an IP ban holds behind a proxy', (target) => {
  it('rotating the left-most X-Forwarded-For entry does not escape an IP ban', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock(Date.now()) });
    await bans.banIp(CLIENT, { by: 'test', reason: 'abuse' });
    const app = await appWith('1', (app) => registerBanStatusRoute(app, bans));
    try {
      for (const forged of ['6.6.6.6', '7.7.7.7', CLIENT]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/ban-status',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': `${forged}, ${CLIENT}` },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ banned: true, ipBanned: true });
      }
    } finally {
      await app.close();
    }
  });
});
