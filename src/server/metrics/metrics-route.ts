import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerMetrics } from './server-metrics.ts';

export const METRICS_PATH = '/metrics';
export const METRICS_REFUSAL = 'Metrics are served to localhost or with the METRICS_TOKEN bearer token';

function isLoopback(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1' || ip.startsWith('::ffff:127.');
}

function carriesBearer(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const sent = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * GET /metrics in the Prometheus text format. Served to a request from the machine itself (its address,
 * after TRUST_PROXY, is loopback and no proxy forwarded it) or one carrying `Authorization: Bearer
 * <METRICS_TOKEN>`; anyone else gets 403, so load and timings never reach the public.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  deps: { metrics: ServerMetrics; token: string | undefined },
): void {
  app.get(METRICS_PATH, async (request, reply) => {
    const local = isLoopback(request.ip) && request.headers['x-forwarded-for'] === undefined;
    if (!local && !carriesBearer(request, deps.token)) {
      return reply.code(403).send({ error: METRICS_REFUSAL });
    }
    const text = await deps.metrics.render();
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(text);
  });
}
