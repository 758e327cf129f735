import { randomBytes } from 'node:crypto';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { recordSystemEvent } from '../operations-log/system-events.ts';
import { countAdmins, createAdmin } from './admin-accounts.ts';
import { ADMIN_EVENT } from './admin-events.ts';

/** The sign-in of the admin made for a newcomer on the embedded default (it passes SPEC §5's e-mail format). */
export const EMBEDDED_DEFAULT_ADMIN_EMAIL = 'admin@pong.local';

export interface BootstrapAdminsDeps {
  db: Database;
  clock: Clock;
  /** ADMIN_EMAIL and ADMIN_PASSWORD (config.admin). */
  admin: { email: string | undefined; password: string | undefined };
  /** The embedded default: PGlite, no DATABASE_URL. */
  embedded: boolean;
  /** Where the one-time password is shown: the console, never the logger. */
  print: (text: string) => void;
}

export type BootstrapOutcome =
  | { created: 'none' }
  | { created: 'configured'; email: string }
  | { created: 'embedded-default'; email: string };

/**
 * Runs at start: ADMIN_EMAIL + ADMIN_PASSWORD create that admin if absent; on the embedded
 * default with no admin at all, one is created with a random password printed once, with its e-mail, so
 * that a newcomer can sign in. An existing account is never changed.
 */
export async function bootstrapAdmins(deps: BootstrapAdminsDeps): Promise<BootstrapOutcome> {
  const { db, clock, admin } = deps;
  if (admin.email && admin.password) {
    const created = await createAdmin(db, clock, { email: admin.email, password: admin.password });
    if (!created) return { created: 'none' };
    await recordCreation(db, created.email, 'ADMIN_EMAIL and ADMIN_PASSWORD');
    deps.print(`Admin ${created.email} created from ADMIN_EMAIL and ADMIN_PASSWORD.`);
    return { created: 'configured', email: created.email };
  }
  if (!deps.embedded || (await countAdmins(db)) > 0) return { created: 'none' };

  const email = admin.email ?? EMBEDDED_DEFAULT_ADMIN_EMAIL;
  const password = randomBytes(18).toString('base64url');
  const created = await createAdmin(db, clock, { email, password });
  if (!created) return { created: 'none' };
  await recordCreation(db, created.email, 'the embedded default (random password shown once)');
  const rule = '='.repeat(78);
  deps.print(
    [
      rule,
      'No admin account existed, so one was created. Sign in at /admin/login with:',
      `  Email:    ${created.email}`,
      `  Password: ${password}`,
      'This password is shown only this once. Create your own admin with',
      '`npm run admin:create -- --email you@example.com` (stop the server first on the embedded database).',
      rule,
    ].join('\n'),
  );
  return { created: 'embedded-default', email: created.email };
}

function recordCreation(db: Database, email: string, how: string): Promise<void> {
  return recordSystemEvent(db, {
    severity: 'other',
    eventType: ADMIN_EVENT.created,
    message: `Admin ${email} created from ${how}`,
    details: { email, source: how },
  });
}
