import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '../security/origin-allowed.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChanging = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** application/json, whatever its parameters: a plain HTML form can never send it cross-site. */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * CSRF defence for the admin area (RELIABILITY 19): the page that sent a state-changing request must be one
 * of ours, named by Origin or else by Referer. Unlike the player API, naming none is refused too: an admin
 * request always comes from the back-office page.
 */
export function hasAllowedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const { origin, referer } = request.headers;
  const named = origin !== undefined ? origin : referer;
  if (typeof named !== 'string') return false;
  const normalized = normalizeOrigin(named);
  if (normalized === undefined) return false;
  return allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}
