import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminLoginAnswer } from '../../common/api/admin-views.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { adminUsers } from '../db/schema/admin.ts';
import type { Replies } from '../http/contract-reply.ts';
import type { LoginThrottle } from '../security/login-throttle.ts';
import { findAdminByEmail, normalizeAdminEmail } from './admin-accounts.ts';
import { adminTokenOf, setAdminCookie } from './admin-cookie.ts';
import { recordAdminLogin } from './admin-events.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import type { AdminRole } from './admin-roles.ts';
import type { AdminSessionStore } from './admin-sessions.ts';
import { recordSignIn } from './admin-sign-in.ts';
import {
  dummyPasswordHash,
  hashAdminPassword,
  needsRehash,
  verifyAdminPassword,
} from './password-hashing.ts';
import type { ThrottledLoginEvents } from './throttled-login-events.ts';
import { secondFactorStage } from './two-factor/second-factor-stage.ts';

/** SPEC §3 admin login payload: email, password. Bounds keep a hostile body from costing argon2 time. */
const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export interface LoginRouteDeps {
  db: Database;
  clock: Clock;
  sessions: AdminSessionStore;
  throttle: LoginThrottle;
  throttledEvents: ThrottledLoginEvents;
  publicOrigin: () => string;
  /** ADMIN_2FA_ROLES: the roles whose sign-in goes on to a second factor. */
  twoFactorRequiredFor: readonly AdminRole[];
  /** The argon2 check; tests pass one that counts its calls. */
  verifyPassword?: (storedHash: string, password: string) => Promise<boolean>;
}

/**
 * POST /api/admin/login (SPEC §7). Each attempt is counted per address and per (account, address) before any
 * password work (RELIABILITY 34); an account under attack gives each address fewer tries but never refuses
 * an address that has not failed at it. An unknown e-mail is checked against a dummy hash so it costs what a
 * wrong password costs and answers the same.
 */
export function registerLoginRoute(scope: FastifyInstance, deps: LoginRouteDeps): void {
  const { db, clock, sessions, throttle, throttledEvents } = deps;
  const verifyPassword = deps.verifyPassword ?? verifyAdminPassword;

  scope.post<{ Reply: Replies<AdminLoginAnswer> }>(
    '/login',
    { config: { adminPublic: true }, bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const body = loginBodySchema.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: ADMIN_ERRORS.missingCredentials });
      const email = normalizeAdminEmail(body.data.email);
      const { ip } = request;
      const userAgent = request.headers['user-agent'];

      // Counted before any password work: parallel guesses each take one of the address's attempts.
      const attempt = await throttle.reserve(ip, email);
      if (!attempt.ok) {
        const retryAfterSeconds = Math.max(1, Math.ceil(attempt.retryAfterMs / 1000));
        await throttledEvents.record({ email, ip, userAgent, retryAfterSeconds });
        return reply
          .header('retry-after', String(retryAfterSeconds))
          .code(429)
          .send({ error: ADMIN_ERRORS.tooManyAttempts });
      }

      const admin = await findAdminByEmail(db, email);
      const passwordMatches = await verifyPassword(
        admin?.passwordHash ?? (await dummyPasswordHash()),
        body.data.password,
      );
      if (!admin || !passwordMatches || !admin.isActive) {
        // The reserved attempt stays counted: it was a failure.
        const { accountUnderAttack } = attempt;
        await recordAdminLogin(db, { outcome: 'failed', email, ip, userAgent, accountUnderAttack });
        return reply.code(401).send({ error: ADMIN_ERRORS.invalidCredentials });
      }

      await throttle.succeeded(attempt.ticket);
      const rehash = needsRehash(admin.passwordHash)
        ? await hashAdminPassword(body.data.password)
        : undefined;
      if (rehash) {
        await db
          .update(adminUsers)
          .set({ passwordHash: rehash, updatedAt: new Date(clock.now()) })
          .where(eq(adminUsers.id, admin.id));
      }
      // A new session id at every login; the one the browser held (if any) is deleted, not reused.
      const { token } = await sessions.start({
        adminId: admin.id,
        ip,
        userAgent,
        replacing: adminTokenOf(request, deps.publicOrigin()),
      });
      setAdminCookie(request, reply, deps.publicOrigin(), token);
      // The session is usable only for the second-factor step until it passes it (register-admin-routes.ts);
      // until then this is a right password, not a sign-in (admin-events.ts).
      const secondFactor = secondFactorStage(
        { role: admin.role, totpEnrolled: admin.totpEnabledAt !== null, secondFactorDone: false },
        deps.twoFactorRequiredFor,
      );
      const actor = { adminId: admin.id, email: admin.email, role: admin.role };
      if (secondFactor === null) await recordSignIn(db, clock, request, actor, 'password');
      else {
        await recordAdminLogin(db, {
          outcome: 'password_accepted',
          email,
          ip,
          userAgent,
          admin: actor,
          owed: secondFactor,
        });
      }
      return {
        success: true,
        user: { email: admin.email, username: admin.username, role: admin.role },
        secondFactor,
      };
    },
  );
}
