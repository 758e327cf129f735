import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  secondFactorCodeBodySchema,
  type TwoFactorConfirmed,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  type TwoFactorVerified,
} from '../../../common/api/admin-two-factor.ts';
import type { Replies } from '../../http/contract-reply.ts';
import type { LoginThrottle } from '../../security/login-throttle.ts';
import { type AdminRouteContext, requireAdmin } from '../admin-context.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { type AdminRole, allow, ROLES } from '../admin-roles.ts';
import type { AdminSession } from '../admin-sessions.ts';
import type { ThrottledLoginEvents } from '../throttled-login-events.ts';
import {
  SECOND_FACTOR_FAILURES_PER_ADMIN,
  SECOND_FACTOR_TRIES_PER_SESSION,
  SECOND_FACTOR_WINDOW_MS,
} from './second-factor-limits.ts';
import { secondFactorStage } from './second-factor-stage.ts';

export interface TwoFactorRouteDeps {
  throttle: LoginThrottle;
  throttledEvents: ThrottledLoginEvents;
  requiredFor: readonly AdminRole[];
}

/** What `throttled` gives when it has answered the request itself (a refused or a wrong code). */
const ANSWERED = Symbol('answered');

/** Usable by every role, and while the second factor is still owed (the guard lets these through). */
const stepRoute = { config: { ...allow(ROLES.read).config, secondFactorStep: true } };

/**
 * The second factor after the password: GET its state, POST enrol (a new secret for the QR code), POST
 * confirm (its first code: enrolment done, recovery codes shown once), POST verify (a code, or a recovery
 * code). Each code is counted before it is checked (RELIABILITY 44): by the password step's throttle per
 * address (an IPv6 /64 as one) and per (admin, address) under the account `2fa:<admin id>`, which is also
 * capped as a whole (SECOND_FACTOR_FAILURES_PER_ADMIN from all addresses), and by the pending session
 * itself, which its SECOND_FACTOR_TRIES_PER_SESSION-th wrong code ends. Wrong codes are recorded once per
 * ended session and once when the admin's cap fills, never one row per guess.
 */
export function registerTwoFactorRoutes(
  scope: FastifyInstance,
  context: AdminRouteContext,
  deps: TwoFactorRouteDeps,
): void {
  const { twoFactor, sessions } = context;
  const stageOf = (session: AdminSession) => secondFactorStage(session, deps.requiredFor);

  /**
   * Runs `attempt` as one counted try; a refused or failed try is answered here and gives `ANSWERED`, a
   * success returns its value. Never the reply itself: Fastify's reply is a thenable, so an async function
   * that returns it resolves to what its `then` gives (undefined, once the answer has been sent), not to it.
   */
  const throttled = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    session: AdminSession,
    attempt: (code: string) => Promise<T | undefined>,
  ): Promise<T | typeof ANSWERED> => {
    const answer = (status: number, body: { error: string }): typeof ANSWERED => {
      reply.code(status).send(body);
      return ANSWERED;
    };
    const body = secondFactorCodeBodySchema.safeParse(request.body);
    if (!body.success) return answer(400, { error: ADMIN_ERRORS.invalidSecondFactor });
    const { ip } = request;
    const reserved = await deps.throttle.reserve(ip, `2fa:${session.adminId}`, {
      accountCap: SECOND_FACTOR_FAILURES_PER_ADMIN,
    });
    if (!reserved.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(reserved.retryAfterMs / 1000));
      const userAgent = request.headers['user-agent'];
      await deps.throttledEvents.record({ email: session.email, ip, userAgent, retryAfterSeconds });
      reply.header('retry-after', String(retryAfterSeconds));
      return answer(429, { error: ADMIN_ERRORS.tooManyAttempts });
    }
    // Counted in the session before the check: parallel codes of one session share its tries.
    const tries = await sessions.takeSecondFactorTry(session.sid, SECOND_FACTOR_TRIES_PER_SESSION);
    if (tries === null) {
      await sessions.endSid(session.sid);
      return answer(401, { error: ADMIN_ERRORS.secondFactorSessionEnded });
    }
    const done = await attempt(body.data.code);
    if (done === undefined) {
      if (reserved.accountCapReached) {
        await context.recordAction(request, {
          action: 'second_factor_paused',
          eventType: ADMIN_EVENT.twoFactorPaused,
          severity: 'critical',
          message:
            `${SECOND_FACTOR_FAILURES_PER_ADMIN} wrong two-factor codes for admin ${session.email} within ` +
            `${SECOND_FACTOR_WINDOW_MS / 60_000} minutes (the last from ${ip}): codes wait; its password is known to someone`,
          details: { wrongCodes: SECOND_FACTOR_FAILURES_PER_ADMIN, windowMs: SECOND_FACTOR_WINDOW_MS },
        });
      }
      if (tries < SECOND_FACTOR_TRIES_PER_SESSION) {
        return answer(401, { error: ADMIN_ERRORS.invalidSecondFactor });
      }
      await sessions.endSid(session.sid);
      await context.recordAction(request, {
        action: 'second_factor_failed',
        eventType: ADMIN_EVENT.twoFactorFailed,
        severity: 'warning',
        message: `${tries} wrong two-factor codes for admin ${session.email} (the last from ${ip}): sign-in ended`,
        details: { wrongCodes: tries },
      });
      return answer(401, { error: ADMIN_ERRORS.secondFactorSessionEnded });
    }
    await deps.throttle.succeeded(reserved.ticket);
    await sessions.completeSecondFactor(session.sid);
    return done;
  };

  scope.get<{ Reply: Replies<TwoFactorStatus> }>('/two-factor', stepRoute, async (request) => {
    const session = requireAdmin(request);
    return { stage: stageOf(session), enrolled: session.totpEnrolled };
  });

  scope.post<{ Reply: Replies<TwoFactorEnrolment> }>(
    '/two-factor/enrol',
    stepRoute,
    async (request, reply) => {
      const session = requireAdmin(request);
      if (session.totpEnrolled) return reply.code(409).send({ error: ADMIN_ERRORS.alreadyEnrolled });
      const enrolment = await twoFactor.startEnrolment(session);
      if (!enrolment) return reply.code(409).send({ error: ADMIN_ERRORS.alreadyEnrolled });
      await context.recordAction(request, {
        action: 'second_factor_enrolment_started',
        message: `Admin ${session.email} started two-factor set-up`,
      });
      return enrolment;
    },
  );

  scope.post<{ Reply: Replies<TwoFactorConfirmed> }>(
    '/two-factor/confirm',
    stepRoute,
    async (request, reply) => {
      const session = requireAdmin(request);
      if (session.totpEnrolled) return reply.code(409).send({ error: ADMIN_ERRORS.alreadyEnrolled });
      const confirmed = await throttled(request, reply, session, (code) =>
        twoFactor.confirmEnrolment(session.adminId, code),
      );
      if (confirmed === ANSWERED) return reply;
      await context.recordAction(request, {
        action: 'second_factor_enrolled',
        eventType: ADMIN_EVENT.twoFactorEnrolled,
        message: `Admin ${session.email} set up two-factor sign-in`,
      });
      await context.recordSignIn(request, 'enrolment');
      return { success: true as const, recoveryCodes: confirmed.recoveryCodes };
    },
  );

  scope.post<{ Reply: Replies<TwoFactorVerified> }>(
    '/two-factor/verify',
    stepRoute,
    async (request, reply) => {
      const session = requireAdmin(request);
      if (!session.totpEnrolled) return reply.code(409).send({ error: ADMIN_ERRORS.notEnrolled });
      const checked = await throttled(request, reply, session, async (code) => {
        const result = await twoFactor.check(session.adminId, code);
        return result.ok ? result : undefined;
      });
      if (checked === ANSWERED) return reply;
      if (checked.by === 'recovery_code') {
        await context.recordAction(request, {
          action: 'recovery_code_used',
          eventType: ADMIN_EVENT.recoveryCodeUsed,
          severity: 'warning',
          message: `Admin ${session.email} signed in with a recovery code (${checked.recoveryCodesLeft} left)`,
          details: { recoveryCodesLeft: checked.recoveryCodesLeft },
        });
        await context.recordSignIn(request, 'recovery_code');
        return { success: true as const, by: checked.by, recoveryCodesLeft: checked.recoveryCodesLeft };
      }
      await context.recordSignIn(request, 'totp');
      return { success: true as const, by: checked.by };
    },
  );
}
