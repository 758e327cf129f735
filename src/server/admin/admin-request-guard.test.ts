import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { readUntil } from '../../../test/support/until.ts';
import { systemEvents } from '../db/schema/index.ts';
import { ADMIN_EVENT } from './admin-events.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import {
  adminAppPerTest,
  login,
  ORIGIN,
  PASSWORD,
  postJson,
  signedIn,
} from './test-support/admin-app-bed.ts';

describeEachDatabase('state-changing admin requests', (target) => {
  const start = adminAppPerTest(() => target.db);

  const actionsOf = (adminId: string) =>
    target.db
      .select()
      .from(systemEvents)
      .where(
        sql`${systemEvents.eventType} = ${ADMIN_EVENT.action} and ${systemEvents.details}->>'adminId' = ${adminId}`,
      );

  it('a signed-in POST from another origin, or naming none, is 403 and does nothing', async () => {
    const harness = await start();
    const { admin, cookie } = await signedIn(harness, target.db);
    const url = '/api/admin/test-recorded-action';
    const refused = [
      await postJson(harness.app, url, cookie, { origin: 'https://evil.example' }),
      await postJson(harness.app, url, cookie, { origin: 'null' }),
      await postJson(harness.app, url, cookie, { origin: '', referer: 'https://evil.example/page' }),
      await harness.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{}',
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ADMIN_ERRORS.crossOrigin });
    }
    expect(await actionsOf(admin.id)).toEqual([]);
    // Our own page, named by Origin or by Referer, is accepted.
    expect((await postJson(harness.app, url, cookie)).statusCode).toBe(200);
    const byReferer = await harness.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json', referer: `${ORIGIN}/admin` },
      payload: '{}',
    });
    expect(byReferer.statusCode).toBe(200);
  });

  it.each([
    ['text/plain', 'x'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('a same-origin POST as %s (not JSON) is 403', async (type, payload) => {
    const harness = await start();
    const { cookie } = await signedIn(harness, target.db);
    const res = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/test-recorded-action',
      headers: { cookie, origin: ORIGIN, 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.notJsonPost });
  });

  it('a state-changing route called over GET is 403, not run', async () => {
    const harness = await start();
    const { admin, cookie } = await signedIn(harness, target.db);
    const res = await harness.app.inject({ url: '/api/admin/test-recorded-action', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.notJsonPost });
    expect(await actionsOf(admin.id)).toEqual([]);
  });

  it('a cross-origin login is 403 and signs nobody in', async () => {
    const harness = await start();
    const { admin } = await signedIn(harness, target.db);
    const res = await login(
      harness.app,
      { email: admin.email, password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('every admin action is a system event with who and from which IP, once, whether or not its route records it', async () => {
    const harness = await start();
    const { admin, cookie } = await signedIn(harness, target.db);
    expect((await postJson(harness.app, '/api/admin/test-recorded-action', cookie)).statusCode).toBe(200);
    expect((await postJson(harness.app, '/api/admin/test-silent-action', cookie)).statusCode).toBe(200);
    // A route that records nothing is recorded by the guard's onResponse hook, after its reply is sent.
    const events = await readUntil(
      () => actionsOf(admin.id),
      (read) => read.length >= 2,
      { what: 'both actions recorded' },
    );
    expect(events).toHaveLength(2);
    const byAction = Object.fromEntries(events.map((e) => [(e.details as { action: string }).action, e]));
    expect(byAction.test_action).toMatchObject({
      message: 'did the test action',
      details: { adminId: admin.id, adminEmail: admin.email, role: 'admin', ip: '127.0.0.1' },
    });
    expect(byAction['POST /api/admin/test-silent-action']?.details).toMatchObject({
      adminEmail: admin.email,
      ip: '127.0.0.1',
    });
  });
});
