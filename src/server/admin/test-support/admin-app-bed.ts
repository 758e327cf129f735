import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, expect } from 'vitest';
import { HOUSE } from '../../../../test/support/admin-fixtures.ts';
import { createFakeClock, type FakeClock } from '../../../common/clock.ts';
import { createChainRpc } from '../../chain/chain-rpc.ts';
import type { Database } from '../../db/database.ts';
import { registerBanStatusRoute } from '../../http/ban-status-route.ts';
import { createServerLogger } from '../../logger.ts';
import { type Bans, createBans } from '../../security/bans.ts';
import { createLoginThrottle } from '../../security/login-throttle.ts';
import { type AdminUserRow, createAdmin } from '../admin-accounts.ts';
import type { AdminRoutes } from '../admin-context.ts';
import { ADMIN_SESSION_COOKIE } from '../admin-cookie.ts';
import { type AdminRole, allow, ROLES } from '../admin-roles.ts';
import { ADMIN_ROUTE_MODULES } from '../admin-route-modules.ts';
import type { AdminSessionStore } from '../admin-sessions.ts';
import {
  chainBalanceOf,
  type HouseWalletSource,
  type LiveStats,
  NO_LIVE_STATS,
} from '../overview/admin-services.ts';
import { registerAdminRoutes } from '../register-admin-routes.ts';
import { base32Decode, totpAt } from '../two-factor/totp.ts';
import { createTotpSecretBox } from '../two-factor/totp-secret-box.ts';

/** Test helpers for the admin API: a real Fastify app with the real guard, store and throttle. */

export const ORIGIN = 'http://pong.test:3000';
export const PASSWORD = 'correct horse battery staple';

export interface AdminBed {
  app: FastifyInstance;
  clock: FakeClock;
  sessions: AdminSessionStore;
  /** The bans the admin routes act through; /api/ban-status reads the same. */
  bans: Bans;
  /** Every route registered under /api/admin, as Fastify registered it (`/api/admin/games/:id/replay`). */
  adminRoutes: Array<{ method: string; url: string; public: boolean }>;
  /** The error lines the app logged (its request log at error level), as the server's logger writes them. */
  loggedErrors: Array<{ msg: string; err?: { message?: string } }>;
}

/** A port nothing listens on: the chain is unreachable, as when the RPC is down. */
export const UNREACHABLE_RPC = 'http://127.0.0.1:9/';

export interface AdminAppOptions {
  trustProxy?: boolean;
  publicOrigin?: string;
  /** The house wallet the Overview reads; by default one whose chain is unreachable. */
  house?: HouseWalletSource;
  live?: () => LiveStats;
  /** A password check of the test's own (one that counts the real check's calls). */
  verifyPassword?: (storedHash: string, password: string) => Promise<boolean>;
  /** ADMIN_2FA_ROLES: none unless a test asks (`signedIn` completes the second factor where it is asked). */
  twoFactorRoles?: readonly AdminRole[];
}

/** Two route modules the way later work adds them: an action that records itself, and one that does not. */
export const testRoutes: AdminRoutes = (scope, context) => {
  scope.post('/test-recorded-action', allow(ROLES.act), async (request) => {
    await context.recordAction(request, { action: 'test_action', message: 'did the test action' });
    return { ok: true };
  });
  scope.post('/test-silent-action', allow(ROLES.act), async () => ({ ok: true }));
};

export async function startAdminApp(db: Database, options: AdminAppOptions = {}): Promise<AdminBed> {
  const clock = createFakeClock();
  const loggedErrors: AdminBed['loggedErrors'] = [];
  const errorLines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) loggedErrors.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    trustProxy: options.trustProxy ?? false,
    loggerInstance: createServerLogger('error', errorLines),
  });
  const adminRoutes: AdminBed['adminRoutes'] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const isPublic = route.config?.adminPublic === true;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') adminRoutes.push({ method, url: route.url, public: isPublic });
    }
  });
  const bans = createBans({ db, clock });
  const { sessions } = await registerAdminRoutes(app, {
    db,
    clock,
    allowedOrigins: [ORIGIN],
    publicOrigin: () => options.publicOrigin ?? ORIGIN,
    throttle: createLoginThrottle(clock),
    ...(options.verifyPassword ? { verifyPassword: options.verifyPassword } : {}),
    twoFactor: { requiredFor: options.twoFactorRoles ?? [], box: createTotpSecretBox(randomBytes(32)) },
    routes: [...ADMIN_ROUTE_MODULES, testRoutes],
    services: {
      bans,
      live: options.live ?? (() => NO_LIVE_STATS),
      house: options.house ?? {
        address: HOUSE,
        floorLamports: 50_000_000_000n,
        balance: chainBalanceOf(createChainRpc(UNREACHABLE_RPC), HOUSE),
      },
    },
  });
  registerBanStatusRoute(app, bans);
  await app.ready();
  return { app, clock, sessions, bans, adminRoutes, loggedErrors };
}

/** A `start` for each test of a suite; the app it made is closed after the test. */
export function adminAppPerTest(db: () => Database): (options?: AdminAppOptions) => Promise<AdminBed> {
  let h: AdminBed | undefined;
  afterEach(async () => {
    await h?.app.close();
    h = undefined;
  });
  return async (options) => {
    h = await startAdminApp(db(), options);
    return h;
  };
}

export const uniqueEmail = () => `admin-${randomBytes(6).toString('hex')}@pong.test`;

export async function newAdmin(
  h: AdminBed,
  db: Database,
  email = uniqueEmail(),
  role: AdminRole = 'admin',
): Promise<AdminUserRow> {
  const row = await createAdmin(db, h.clock, { email, password: PASSWORD, role });
  if (!row) throw new Error(`admin ${email} exists already`);
  return row;
}

export function login(
  app: FastifyInstance,
  body: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

/** The session cookie a response set, as a Cookie header value (name=value). */
export function sessionCookieOf(res: LightMyRequestResponse, name = ADMIN_SESSION_COOKIE): string {
  const cookie = res.cookies.find((c) => c.name === name);
  expect(cookie, `no ${name} cookie in ${String(res.headers['set-cookie'])}`).toBeTruthy();
  return `${name}=${cookie?.value}`;
}

/**
 * A new admin of `role`, signed in. Where the app asks this role for a second factor, it enrols (and its
 * secret and recovery codes are returned) and passes it, so the session can use every route its role allows.
 */
export async function signedIn(
  h: AdminBed,
  db: Database,
  role: AdminRole = 'admin',
): Promise<{ admin: AdminUserRow; cookie: string; totp?: EnrolledTotp }> {
  const admin = await newAdmin(h, db, uniqueEmail(), role);
  const res = await login(h.app, { email: admin.email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  if (res.json<{ secondFactor: string | null }>().secondFactor === null) return { admin, cookie };
  return { admin, cookie, totp: await enrolTotp(h, cookie) };
}

export interface EnrolledTotp {
  secret: Buffer;
  recoveryCodes: string[];
}

/** Enrols the session's admin: starts, confirms with the code of the fake clock's time step. */
export async function enrolTotp(h: AdminBed, cookie: string): Promise<EnrolledTotp> {
  const started = await postJson(h.app, '/api/admin/two-factor/enrol', cookie);
  expect(started.statusCode, started.body).toBe(200);
  const secret = base32Decode(started.json<{ secret: string }>().secret);
  const confirmed = await sendCode(h, cookie, 'confirm', totpAt(secret, h.clock.now()));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** POST /api/admin/two-factor/{confirm|verify} with a code. */
export function sendCode(
  h: AdminBed,
  cookie: string | undefined,
  step: 'confirm' | 'verify',
  code: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method: 'POST',
    url: `/api/admin/two-factor/${step}`,
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: JSON.stringify({ code }),
  });
}

export function getUser(app: FastifyInstance, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: '/api/admin/user', headers: cookie ? { cookie } : {} });
}

export function postJson(
  app: FastifyInstance,
  url: string,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: '{}',
  });
}
