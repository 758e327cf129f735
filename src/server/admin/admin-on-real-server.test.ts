import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMigratedPglite } from '../../../test/support/migrated-templates.ts';
import { GAME_MODE_IDS } from '../../common/game-modes.ts';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../main.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import type { AdminOverview } from './overview/admin-overview.ts';
import { base32Decode, totpAt } from './two-factor/totp.ts';
import { TOTP_KEY_FILE } from './two-factor/totp-key.ts';

/** The admin area through the whole product on its embedded default (PGlite, local chain, no DATABASE_URL). */
describe('admin sign-in on the embedded default', () => {
  let dataDir: string;
  let server: RunningServer;
  const printed: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pong-admin-'));
    await seedMigratedPglite(dataDir); // a migrated copy: this test is not about the first migration
    server = await startServer({
      config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      noPayoutWorker: true,
      clientDir: '/nonexistent',
      print: (text) => printed.push(text),
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let recoveryCodes: string[] = [];
  const post = (url: string, cookie: string, body: unknown) =>
    fetch(`${server.url}/api/admin${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify(body),
    });

  /**
   * Signs in as the first admin, with the e-mail and password the server printed at start. It is the owner,
   * so (ADMIN_2FA_ROLES' default) it enrols an authenticator the first time and gives a recovery code after.
   */
  const signInPrinted = async () => {
    const email = /Email: +(\S+)/.exec(printed[0] ?? '')?.[1];
    const password = /Password: (\S+)/.exec(printed[0] ?? '')?.[1];
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { secondFactor } = (await res.clone().json()) as { secondFactor: string | null };
    if (secondFactor === 'enrol') {
      const { secret } = (await (await post('/two-factor/enrol', cookie, {})).json()) as { secret: string };
      const code = totpAt(base32Decode(secret), Date.now());
      const confirmed = await post('/two-factor/confirm', cookie, { code });
      expect(confirmed.status).toBe(200);
      ({ recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] });
    } else {
      expect(secondFactor).toBe('verify');
      expect((await post('/two-factor/verify', cookie, { code: recoveryCodes.pop() })).status).toBe(200);
    }
    return { email, res, cookie };
  };

  it('with no ADMIN_TOTP_KEY the key is made once in DATA_DIR, readable by its owner only', async () => {
    const key = await stat(path.join(dataDir, TOTP_KEY_FILE));
    expect(key.mode & 0o777).toBe(0o600);
  });

  it('unknown /api/admin paths are 401 without a session, other unknown /api paths stay 404', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/whatever/deep', '/api/admin']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(401);
      expect(await res.json()).toEqual({ error: ADMIN_ERRORS.notAuthenticated });
    }
    expect((await fetch(`${server.url}/api/nothing-here`)).status).toBe(404);
  });

  it('the printed first admin signs in over HTTP, sees its role and IP, and logs out', async () => {
    expect(printed).toHaveLength(1);
    const { email, res, cookie } = await signInPrinted();
    expect(res.status, await res.clone().text()).toBe(200);
    expect(cookie).toMatch(/^pong_admin=/);
    const user = await fetch(`${server.url}/api/admin/user`, { headers: { cookie } });
    expect(await user.json()).toMatchObject({ user: { role: 'owner', email, currentIP: '127.0.0.1' } });
    const out = await fetch(`${server.url}/api/admin/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/admin/login');
    expect((await fetch(`${server.url}/api/admin/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('the Overview reads the running server: live game figures, the house wallet on its chain', async () => {
    const { cookie } = await signInPrinted();
    const overview = await fetch(`${server.url}/api/admin/overview`, { headers: { cookie } });
    expect(overview.status, await overview.clone().text()).toBe(200);
    const body = (await overview.json()) as AdminOverview;
    expect(body.houseWallet.address).toBe(server.houseWallet);
    expect(body.houseWallet.balanceLamports).toMatch(/^\d+$/);
    expect(body.houseWallet.floorSol).toBe(50);
    expect(body.live).toMatchObject({ matches: 0, playersOnline: 0 });
    expect(body.live.queues.map((q) => q.mode).sort()).toEqual([...GAME_MODE_IDS].sort());
    expect(body.daily).toHaveLength(30);
  });
});
