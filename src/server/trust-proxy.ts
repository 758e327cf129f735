import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which reverse proxies may tell the server a client's address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto), in the two forms Fastify's `trustProxy` takes that never believe the client:
 * - a hop count: the client IP is the address the n-th proxy from this server saw (1 = the nearest proxy);
 * - a list of proxy addresses or CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal): the
 *   client IP is the first address, from the right, that is not a trusted proxy.
 * `true` (trust every hop) is refused: the left-most X-Forwarded-For entry is whatever the client wrote,
 * so rotating it would escape IP bans and per-IP limits.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_EXPECTED =
  'must be false, a hop count from 1 to 10 (the number of proxies in front), or a comma-separated list of ' +
  'proxy addresses or CIDRs such as 10.0.0.0/8,127.0.0.1 (true is refused: it believes client-written X-Forwarded-For)';

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix of the right size, or one of proxy-addr's names. */
export function isProxyAddress(value: string): boolean {
  if (PROXY_ADDR_NAMES.has(value)) return true;
  const [ip, prefix, extra] = value.split('/');
  if (!ip || extra !== undefined) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const trustProxySchema = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
  } else if (value !== 'true') {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  }
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_EXPECTED });
  return z.NEVER;
});

/**
 * Fastify's form of the setting. Fastify 5 turns a bare number into "trust nothing" (a hop count cannot
 * check the immediate peer), so a hop count becomes a trust function over the hop index: hop 0 is the
 * socket's peer, hop 1 the right-most X-Forwarded-For entry, and the client IP is the address the n-th
 * proxy saw. The README says what a hop count assumes: the server is reachable only through its proxies.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
