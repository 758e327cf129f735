import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../main.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';

/** The admin area through the whole product on its embedded default (PGlite, local chain, no DATABASE_URL). */
describe('issue 10: admin sign-in on the embedded default', () => {
  let dataDir: string;
  let server: RunningServer;
  const printed: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pong-admin-'));
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

  it('issue 10: unknown /api/admin paths are 401 without a session, other unknown /api paths stay 404', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/whatever/deep', '/api/admin']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(401);
      expect(await res.json()).toEqual({ error: ADMIN_ERRORS.notAuthenticated });
    }
    expect((await fetch(`${server.url}/api/nothing-here`)).status).toBe(404);
  });

  it('issue 10: the printed first admin signs in over HTTP, sees its role and IP, and logs out', async () => {
    expect(printed).toHaveLength(1);
    const email = /Email: +(\S+)/.exec(printed[0] ?? '')?.[1];
    const password = /Password: (\S+)/.exec(printed[0] ?? '')?.[1];
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^pong_admin=/);
    const user = await fetch(`${server.url}/api/admin/user`, { headers: { cookie } });
    expect(await user.json()).toMatchObject({ user: { role: 'admin', email, currentIP: '127.0.0.1' } });
    const out = await fetch(`${server.url}/api/admin/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/admin/login');
    expect((await fetch(`${server.url}/api/admin/user`, { headers: { cookie } })).status).toBe(401);
  });
});
