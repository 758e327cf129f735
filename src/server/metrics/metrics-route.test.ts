import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { METRICS_PATH, METRICS_REFUSAL, registerMetricsRoute } from './metrics-route.ts';
import { createServerMetrics } from './server-metrics.ts';

const TOKEN = 'a-metrics-token-of-32-characters';

function metricsApp(options: { trustProxy?: boolean } = {}) {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  const metrics = createServerMetrics({ liveMatches: () => 3 });
  registerMetricsRoute(app, { metrics, token: TOKEN });
  return { app, metrics };
}

describe('GET /metrics is for the machine itself or the METRICS_TOKEN bearer', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('refuses a request from another address without the token, or with a wrong one', async () => {
    const { app } = metricsApp();
    close = () => app.close();
    const bare = await app.inject({ url: METRICS_PATH, remoteAddress: '203.0.113.7' });
    const wrong = await app.inject({
      url: METRICS_PATH,
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN.slice(1)}x` },
    });
    expect([bare.statusCode, wrong.statusCode]).toEqual([403, 403]);
    expect(bare.json()).toEqual({ error: METRICS_REFUSAL });
    expect(bare.body).not.toContain('pong_');
  });

  it('serves the Prometheus text to another address carrying the token', async () => {
    const { app, metrics } = metricsApp();
    close = () => app.close();
    metrics.ticks.ran(2, 1.5);
    metrics.ticks.ran(20, 3);
    metrics.ticks.skipped(4);
    metrics.paidSearchJoined(40);
    const response = await app.inject({
      url: METRICS_PATH,
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(text).toContain('# TYPE pong_tick_duration_seconds histogram');
    // 1.5 ms and 3 ms: one under the 2 ms bound, both under 4 ms.
    expect(text).toContain('pong_tick_duration_seconds_bucket{le="0.002"} 1');
    expect(text).toContain('pong_tick_duration_seconds_bucket{le="0.004"} 2');
    expect(text).toContain('pong_tick_duration_seconds_count 2');
    expect(text).toContain('pong_ticks_total 2');
    // 20 ms late is more than one 16.7 ms period; the four skipped ticks are missed too.
    expect(text).toContain('pong_ticks_missed_total 5');
    expect(text).toContain('pong_paid_search_join_seconds_bucket{le="0.04"} 1');
    expect(text).toContain('pong_live_matches 3');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/pong_event_loop_delay_seconds_count \d+/);
  });

  it('serves localhost without a token, but not a request a proxy forwarded from elsewhere', async () => {
    const { app } = metricsApp({ trustProxy: true });
    close = () => app.close();
    const local = await app.inject({ url: METRICS_PATH, remoteAddress: '127.0.0.1' });
    const forwarded = await app.inject({
      url: METRICS_PATH,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('pong_ticks_missed_total 0');
    expect(forwarded.statusCode).toBe(403);
  });

  it('refuses every non-local request when no token is configured', async () => {
    const app = Fastify();
    close = () => app.close();
    registerMetricsRoute(app, { metrics: createServerMetrics({ liveMatches: () => 0 }), token: undefined });
    const response = await app.inject({
      url: METRICS_PATH,
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer undefined' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /metrics carries the standard process metrics of prom-client next to the game ones', () => {
  it('serves the default process and Node.js metrics, each once', async () => {
    const app = Fastify();
    registerMetricsRoute(app, { metrics: createServerMetrics({ liveMatches: () => 0 }), token: undefined });
    const response = await app.inject({ url: METRICS_PATH, remoteAddress: '127.0.0.1' });
    await app.close();
    const text = response.body;
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_start_time_seconds',
      'nodejs_heap_used_bytes',
    ]) {
      expect(text.match(new RegExp(`^# TYPE ${name} `, 'gm'))).toHaveLength(1);
    }
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });
});
