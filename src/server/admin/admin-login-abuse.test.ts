import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_UNDER_ATTACK,
} from '../security/login-throttle.ts';
import { ADMIN_EVENT, LOGIN_EVENT_BOUNDS } from './admin-events.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import { verifyAdminPassword } from './password-hashing.ts';
import { adminAppPerTest, login, newAdmin, PASSWORD, uniqueEmail } from './test-support/admin-app-bed.ts';

const WRONG = 'wrong password!!';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** Rows of system_events and the bytes their message and details hold. */
async function eventTable(db: Database): Promise<{ rows: number; bytes: number }> {
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${systemEvents.message}) + octet_length(${systemEvents.details}::text)), 0)::int`,
    })
    .from(systemEvents);
  return row ?? { rows: 0, bytes: 0 };
}

const eventsFrom = (db: Database, ip: string) =>
  db
    .select()
    .from(systemEvents)
    .where(sql`${systemEvents.details}->>'ip' = ${ip}`)
    .orderBy(systemEvents.createdAt);

describeEachDatabase('admin login under attack', (target) => {
  const start = adminAppPerTest(() => target.db);

  it('40 wrong passwords at once from one address make at most 5 password checks; the rest are 429', async () => {
    let checks = 0;
    const harness = await start({
      trustProxy: true,
      verifyPassword: (hash, password) => {
        checks += 1;
        return verifyAdminPassword(hash, password);
      },
    });
    const admin = await newAdmin(harness, target.db);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        login(harness.app, { email: admin.email, password: WRONG }, from('203.0.113.40')),
      ),
    );
    expect(checks).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(checks);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - checks);
  });

  it('strangers’ failures do not lock the admin out: the right password from another address signs in', async () => {
    const harness = await start({ trustProxy: true });
    // The README's default admin name, as a stranger would guess it.
    const admin = await newAdmin(harness, target.db, 'admin@pong.local');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(
        (await login(harness.app, { email: admin.email, password: WRONG }, from('203.0.113.5'))).statusCode,
      ).toBe(401);
    }
    expect(
      (await login(harness.app, { email: admin.email, password: PASSWORD }, from('203.0.113.5'))).statusCode,
    ).toBe(429);
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) {
      await login(harness.app, { email: admin.email, password: WRONG }, from(`203.0.113.${100 + i}`));
    }
    const owner = await login(harness.app, { email: admin.email, password: PASSWORD }, from('198.51.100.9'));
    expect(owner.statusCode, owner.body).toBe(200);
    // The failures are recorded, each with its address, and say the account is under attack.
    const failed = await target.db
      .select()
      .from(systemEvents)
      .where(
        sql`${systemEvents.details}->>'email' = ${admin.email} and ${systemEvents.eventType} = ${ADMIN_EVENT.loginFailed}`,
      );
    expect(failed).toHaveLength(2 * LOGIN_MAX_FAILURES);
    expect(failed.at(-1)?.details).toMatchObject({ accountUnderAttack: true });
  });

  it(`while an account is under attack an address gets ${LOGIN_MAX_FAILURES_UNDER_ATTACK} failed tries at it, then 429 with Retry-After`, async () => {
    const harness = await start({ trustProxy: true });
    const admin = await newAdmin(harness, target.db);
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) {
      await login(harness.app, { email: admin.email, password: WRONG }, from(`198.51.100.${i}`));
    }
    for (let i = 0; i < LOGIN_MAX_FAILURES_UNDER_ATTACK; i++) {
      expect(
        (await login(harness.app, { email: admin.email, password: WRONG }, from('198.51.100.50'))).statusCode,
      ).toBe(401);
    }
    const refused = await login(
      harness.app,
      { email: admin.email, password: PASSWORD },
      from('198.51.100.50'),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(LOGIN_FAILURE_WINDOW_MS / 1000));
    expect(refused.json()).toEqual({ error: ADMIN_ERRORS.tooManyAttempts });
  });

  it('2,000 refused logins with 6 KB user agents from one address add one bounded event with their count', async () => {
    const harness = await start({ trustProxy: true });
    const ip = '203.0.113.77';
    const userAgent = 'u'.repeat(6 * 1024);
    const longEmail = `${'x'.repeat(310)}@pong.test`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await login(
        harness.app,
        { email: longEmail, password: WRONG },
        { ...from(ip), 'user-agent': userAgent },
      );
    }
    const before = await eventTable(target.db);
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          login(harness.app, { email: longEmail, password: WRONG }, { ...from(ip), 'user-agent': userAgent }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 429)).toBe(true);
    }
    const after = await eventTable(target.db);
    expect(after.rows - before.rows).toBe(1);
    expect(after.bytes - before.bytes).toBeLessThan(2_000);

    const events = await eventsFrom(target.db, ip);
    const throttled = events.filter((e) => e.eventType === ADMIN_EVENT.throttledLogin);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]?.details).toMatchObject({ attempts: 2_000, ip });
    // The failures before the refusals stored a bounded user agent and e-mail too.
    for (const event of events) {
      const details = event.details as { email: string; userAgent: string };
      expect(details.userAgent.length).toBeLessThanOrEqual(LOGIN_EVENT_BOUNDS.userAgent);
      expect(details.email.length).toBeLessThanOrEqual(LOGIN_EVENT_BOUNDS.email);
    }

    // The next window starts a new event.
    harness.clock.advance(LOGIN_FAILURE_WINDOW_MS);
    await login(harness.app, { email: uniqueEmail(), password: WRONG }, from(ip));
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await login(harness.app, { email: uniqueEmail(), password: WRONG }, from(ip));
    }
    const later = await eventsFrom(target.db, ip);
    expect(later.filter((e) => e.eventType === ADMIN_EVENT.throttledLogin)).toHaveLength(2);
  }, 120_000);
});
