import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginThrottle } from '../../security/login-throttle.ts';
import type { AdminRouteContext } from '../admin-context.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import type { AdminSession } from '../admin-sessions.ts';
import type { ThrottledLoginEvents } from '../throttled-login-events.ts';
import {
  SECOND_FACTOR_FAILURES_PER_ADMIN,
  SECOND_FACTOR_WINDOW_MS,
} from '../two-factor/second-factor-limits.ts';

/**
 * A signed-in admin's own password or code, checked again before a change to their account. Each is
 * counted before it is checked, in the throttles the sign-in uses (RELIABILITY 18, 34, 44): the password
 * per address and per (e-mail, address) like a login; a code per address, per (admin, address) and per
 * admin from all addresses together like the second-factor step. So a stolen session cannot guess the
 * password or a code faster here than at the sign-in, and its wrong guesses count there too. The per-session
 * cap of the sign-in step is not used: a signed-in session's tries are the admin's.
 */
export interface CountedCheckDeps {
  throttle: LoginThrottle;
  throttledEvents: ThrottledLoginEvents;
}

export type CountedCheck =
  | { ok: true }
  | { ok: false; status: 400; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number };

/** Sends a refusal of `countedPassword` or `countedCode` (with `Retry-After` when throttled). */
export function refuse(reply: FastifyReply, check: Exclude<CountedCheck, { ok: true }>): FastifyReply {
  if (check.status === 429) reply.header('retry-after', String(check.retryAfterSeconds));
  return reply.code(check.status).send({ error: check.error });
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

async function throttled(
  deps: CountedCheckDeps,
  request: FastifyRequest,
  session: AdminSession,
  retryAfterMs: number,
): Promise<CountedCheck> {
  const retryAfterSeconds = seconds(retryAfterMs);
  await deps.throttledEvents.record({
    email: session.email,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    retryAfterSeconds,
  });
  return { ok: false, status: 429, error: ADMIN_ERRORS.tooManyAttempts, retryAfterSeconds };
}

/** The admin's current password, counted as one login attempt at their e-mail from this address. */
export async function countedPassword(
  deps: CountedCheckDeps,
  request: FastifyRequest,
  session: AdminSession,
  matches: () => Promise<boolean>,
): Promise<CountedCheck> {
  const attempt = await deps.throttle.reserve(request.ip, session.email);
  if (!attempt.ok) return throttled(deps, request, session, attempt.retryAfterMs);
  if (!(await matches())) return { ok: false, status: 400, error: ADMIN_ERRORS.wrongCurrentPassword };
  await deps.throttle.succeeded(attempt.ticket);
  return { ok: true };
}

/**
 * A second-factor code, counted as one code of the sign-in step (account `2fa:<admin id>`, capped per admin).
 * The wrong code that fills the admin's cap is recorded, critical, as at the sign-in.
 */
export async function countedCode(
  deps: CountedCheckDeps & { context: AdminRouteContext },
  request: FastifyRequest,
  session: AdminSession,
  matches: () => Promise<boolean>,
): Promise<CountedCheck> {
  const reserved = await deps.throttle.reserve(request.ip, `2fa:${session.adminId}`, {
    accountCap: SECOND_FACTOR_FAILURES_PER_ADMIN,
  });
  if (!reserved.ok) return throttled(deps, request, session, reserved.retryAfterMs);
  if (await matches()) {
    await deps.throttle.succeeded(reserved.ticket);
    return { ok: true };
  }
  if (reserved.accountCapReached) {
    await deps.context.recordAction(request, {
      action: 'second_factor_paused',
      eventType: ADMIN_EVENT.twoFactorPaused,
      severity: 'critical',
      message:
        `${SECOND_FACTOR_FAILURES_PER_ADMIN} wrong two-factor codes for admin ${session.email} within ` +
        `${SECOND_FACTOR_WINDOW_MS / 60_000} minutes (the last from ${request.ip}, a signed-in session): codes wait`,
      details: { wrongCodes: SECOND_FACTOR_FAILURES_PER_ADMIN, windowMs: SECOND_FACTOR_WINDOW_MS },
    });
  }
  return { ok: false, status: 400, error: ADMIN_ERRORS.invalidSecondFactor };
}
