import { expect } from 'vitest';
import { TOTP_STEP_MS, totpAt } from '../two-factor/totp.ts';
import {
  type AdminBed,
  type EnrolledTotp,
  login,
  PASSWORD,
  sendCode,
  sessionCookieOf,
} from './admin-app-bed.ts';

/** Test helpers for an admin's own account: a further sign-in and the next code. */

/** The app's code of the next time step (a step's code is accepted once, so each use moves the clock on). */
export function nextCode(h: AdminBed, totp: EnrolledTotp): string {
  h.clock.advance(TOTP_STEP_MS);
  return totpAt(totp.secret, h.clock.now());
}

/** Another whole sign-in of the admin (its second factor passed where asked): its session cookie. */
export async function signInAgain(
  h: AdminBed,
  email: string,
  options: { totp?: EnrolledTotp | undefined; password?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const headers = options.headers ?? {};
  const res = await login(h.app, { email, password: options.password ?? PASSWORD }, headers);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  if (res.json<{ secondFactor: string | null }>().secondFactor === null) return cookie;
  if (!options.totp) throw new Error(`${email} owes a second factor and the test gave no authenticator`);
  const verified = await sendCode(h, cookie, 'verify', nextCode(h, options.totp), headers);
  expect(verified.statusCode, verified.body).toBe(200);
  return cookie;
}
