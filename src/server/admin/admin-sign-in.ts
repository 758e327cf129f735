import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { adminUsers } from '../db/schema/admin.ts';
import { type AdminActor, recordAdminLogin, type SignedInBy } from './admin-events.ts';

/**
 * A sign-in is whole: the password passed and the second factor too where one is asked (or none was). Only
 * now is it the admin's last sign-in and an `admin_login_succeeded` in the trail, saying how it was done.
 */
export async function recordSignIn(
  db: Database,
  clock: Clock,
  request: FastifyRequest,
  admin: AdminActor,
  by: SignedInBy,
): Promise<void> {
  const now = new Date(clock.now());
  await db.update(adminUsers).set({ lastLogin: now }).where(eq(adminUsers.id, admin.adminId));
  await recordAdminLogin(db, {
    outcome: 'succeeded',
    email: admin.email,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    admin,
    by,
  });
}
