import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ABSOLUTE_TIMEOUT_MS } from './admin-sessions.ts';

/** The admin session cookie; under https it takes the `__Host-` prefix (Secure, Path=/, no Domain). */
export const ADMIN_SESSION_COOKIE = 'pong_admin';
export const SECURE_ADMIN_SESSION_COOKIE = `__Host-${ADMIN_SESSION_COOKIE}`;

/**
 * https when the configured public origin says so (a TLS-terminating proxy may forward plain http) or the
 * request itself came over https (Fastify believes X-Forwarded-Proto only from a trusted proxy).
 */
export function isSecureRequest(request: FastifyRequest, publicOrigin: string): boolean {
  return new URL(publicOrigin).protocol === 'https:' || request.protocol === 'https';
}

const cookieName = (secure: boolean) => (secure ? SECURE_ADMIN_SESSION_COOKIE : ADMIN_SESSION_COOKIE);

const attributes = (secure: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure, signed: false }) as const;

/** The token the browser sent, read only under the name this scheme uses (no downgrade to the plain one). */
export function adminTokenOf(request: FastifyRequest, publicOrigin: string): string | undefined {
  return request.cookies[cookieName(isSecureRequest(request, publicOrigin))];
}

export function setAdminCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  token: string,
): void {
  const secure = isSecureRequest(request, publicOrigin);
  reply.setCookie(cookieName(secure), token, {
    ...attributes(secure),
    maxAge: Math.floor(ADMIN_ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

export function clearAdminCookie(request: FastifyRequest, reply: FastifyReply, publicOrigin: string): void {
  const secure = isSecureRequest(request, publicOrigin);
  reply.clearCookie(cookieName(secure), attributes(secure));
}
