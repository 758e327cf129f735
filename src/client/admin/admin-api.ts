import type { SecondFactorStage } from '../../common/api/admin-two-factor.ts';
import type { AdminUserRead } from '../../common/api/admin-views.ts';
import { errorTextOf } from '../../common/api/error-text.ts';
import { secondFactorOf } from './two-factor-api.ts';

/** The admin endpoints of SPEC §7 that the sign-in and the session header use. */

export const ADMIN_USER_URL = '/api/admin/user';
/** Whether there is a session, always 200: a signed-out visit logs no 401 (common/api/admin-views.ts). */
export const ADMIN_SESSION_URL = '/api/admin/session';
export const ADMIN_LOGIN_URL = '/api/admin/login';
export const ADMIN_LOGOUT_URL = '/api/admin/logout';

/** GET /api/admin/user: the session view (role, currentIP) as the panel reads it (common/api/admin-views.ts). */
export type AdminUserResponse = AdminUserRead;

/** A good password may leave a second factor to pass (two-factor-api.ts). */
export type LoginOutcome = { ok: true; secondFactor: SecondFactorStage } | { ok: false; error: string };

/** SPEC §8: the server's `error` text, else 'Login failed'; a network exception has its own text. */
export async function postAdminLogin(email: string, password: string): Promise<LoginOutcome> {
  let res: Response;
  try {
    res = await fetch(ADMIN_LOGIN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({ email, password }),
    });
  } catch {
    return { ok: false, error: 'Network error. Please try again.' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, secondFactor: secondFactorOf(body) };
  return { ok: false, error: errorTextOf(body) || 'Login failed' };
}
