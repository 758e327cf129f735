import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { adminUsers } from '../db/schema/admin.ts';
import { systemEvents } from '../db/schema/index.ts';
import { findAdminByEmail } from './admin-accounts.ts';
import { bootstrapAdmins, EMBEDDED_DEFAULT_ADMIN_EMAIL } from './admin-bootstrap.ts';
import { ADMIN_EVENT } from './admin-events.ts';

const GOOD_PASSWORD = 'a long operator password';

describeEachDatabase('the first admin at start', (target) => {
  const clock = createFakeClock();
  let printed: string[] = [];
  const print = (text: string) => printed.push(text);
  beforeEach(async () => {
    printed = [];
    await target.db.delete(adminUsers);
  });

  it('ADMIN_EMAIL and ADMIN_PASSWORD create that admin if absent, and never change an existing one', async () => {
    const admin = { email: 'ops@pong.example', password: GOOD_PASSWORD };
    const outcome = await bootstrapAdmins({ db: target.db, clock, admin, embedded: false, print });
    expect(outcome).toEqual({ created: 'configured', email: 'ops@pong.example' });
    const row = await findAdminByEmail(target.db, 'ops@pong.example');
    // The first admin is the owner.
    expect(row).toMatchObject({ role: 'owner', isActive: true });
    expect(await verify(row?.passwordHash ?? '', GOOD_PASSWORD)).toBe(true);
    expect(printed.join('\n')).not.toContain(GOOD_PASSWORD);

    const again = await bootstrapAdmins({
      db: target.db,
      clock,
      admin: { email: 'ops@pong.example', password: 'another long password' },
      embedded: false,
      print,
    });
    expect(again).toEqual({ created: 'none' });
    const [still] = await target.db.select().from(adminUsers).where(eq(adminUsers.email, 'ops@pong.example'));
    expect(still?.passwordHash).toBe(row?.passwordHash);
  });

  it('on the embedded default with no admin, one is created with a random password printed once with its e-mail', async () => {
    const admin = { email: undefined, password: undefined };
    const outcome = await bootstrapAdmins({ db: target.db, clock, admin, embedded: true, print });
    expect(outcome).toEqual({ created: 'embedded-default', email: EMBEDDED_DEFAULT_ADMIN_EMAIL });
    expect(printed).toHaveLength(1);
    const text = printed[0] ?? '';
    expect(text).toContain(`Email:    ${EMBEDDED_DEFAULT_ADMIN_EMAIL}`);
    const password = /Password: (\S+)/.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const row = await findAdminByEmail(target.db, EMBEDDED_DEFAULT_ADMIN_EMAIL);
    expect(await verify(row?.passwordHash ?? '', password)).toBe(true);
    const events = await target.db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.eventType, ADMIN_EVENT.created));
    expect(JSON.stringify(events)).not.toContain(password);

    // The next start finds an admin: nothing is created or printed again.
    expect(await bootstrapAdmins({ db: target.db, clock, admin, embedded: true, print })).toEqual({
      created: 'none',
    });
    expect(printed).toHaveLength(1);
  });

  it('without the embedded default (DATABASE_URL) no admin is made up', async () => {
    const outcome = await bootstrapAdmins({
      db: target.db,
      clock,
      admin: { email: undefined, password: undefined },
      embedded: false,
      print,
    });
    expect(outcome).toEqual({ created: 'none' });
    expect(await target.db.select().from(adminUsers)).toEqual([]);
    expect(printed).toEqual([]);
  });

  it('on the embedded default, ADMIN_EMAIL alone names the admin made with a random password', async () => {
    const outcome = await bootstrapAdmins({
      db: target.db,
      clock,
      admin: { email: 'me@pong.example', password: undefined },
      embedded: true,
      print,
    });
    expect(outcome).toEqual({ created: 'embedded-default', email: 'me@pong.example' });
    expect(printed[0]).toContain('me@pong.example');
  });
});
