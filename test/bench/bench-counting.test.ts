import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { figuresOf, type Measured, type ServerScrapes } from '../../bench/figures.ts';
import { histogramQuantile, increase, parsePrometheus } from '../../bench/prometheus.ts';
import { createSampleHistogram } from '../../bench/sample-histogram.ts';
import { createGapCounter } from '../../bench/snapshot-gaps.ts';
import { perPlayerPerSecond, wireCountOf, wireDelta } from '../../bench/wire-bytes.ts';
import { noWireCounts } from '../../bench/wire-figures.ts';

describe('bench: percentiles of the bots’ samples', () => {
  it('nearest rank over 1..100 ms: p50 is 50, p99 is 99, p100 is 100', () => {
    const h = createSampleHistogram();
    for (let ms = 100; ms >= 1; ms--) h.add(ms);
    expect([h.percentile(50), h.percentile(99), h.percentile(100), h.count()]).toEqual([50, 99, 100, 100]);
  });

  it('keeps 0.1 ms steps exactly (0.3 stays 0.3) and merges what other processes counted', () => {
    const a = createSampleHistogram();
    const b = createSampleHistogram();
    for (const ms of [0.3, 0.3, 0.3]) a.add(ms);
    for (const ms of [16.66, 16.7, 33.4]) b.add(ms);
    a.merge(b.counts());
    expect(a.count()).toBe(6);
    expect(a.percentile(50)).toBe(0.3);
    // Rank 4 of 6 is 16.66, kept to the step below; rank 5 is 16.7.
    expect(a.percentile(60)).toBe(16.6);
    expect(a.percentile(67)).toBe(16.7);
    expect(a.percentile(99)).toBe(33.4);
  });

  it('has no percentile without samples, and a reset forgets them', () => {
    const h = createSampleHistogram();
    expect(h.percentile(99)).toBeNaN();
    h.add(5);
    h.reset();
    expect(h.count()).toBe(0);
  });
});

describe('bench: quantiles of the server’s histograms between two scrapes', () => {
  const scrape = (buckets: Record<string, number>) =>
    parsePrometheus(
      [
        '# HELP t x',
        '# TYPE t histogram',
        ...Object.entries(buckets).map(([le, n]) => `t_bucket{le="${le}"} ${n}`),
        `t_count ${buckets['+Inf']}`,
      ].join('\n'),
    );

  it('counts only what was observed between the scrapes and interpolates inside the bucket', () => {
    const before = scrape({ '0.001': 50, '0.002': 50, '0.004': 50, '+Inf': 50 });
    // Then 100 observations: 40 at most 1 ms, 40 in (1, 2], 20 in (2, 4].
    const after = scrape({ '0.001': 90, '0.002': 130, '0.004': 150, '+Inf': 150 });
    expect(increase(before, after, 't_count')).toBe(100);
    expect(histogramQuantile(0.5, before, after, 't')).toBeCloseTo(0.00125, 10);
    expect(histogramQuantile(0.99, before, after, 't')).toBeCloseTo(0.0039, 10);
    expect(histogramQuantile(0.2, before, after, 't')).toBeCloseTo(0.0005, 10);
  });

  it('answers the highest finite bound for a rank in +Inf, and NaN without observations', () => {
    const before = scrape({ '0.001': 0, '+Inf': 0 });
    const after = scrape({ '0.001': 1, '+Inf': 10 });
    expect(histogramQuantile(0.99, before, after, 't')).toBe(0.001);
    expect(histogramQuantile(0.5, after, after, 't')).toBeNaN();
  });
});

describe('bench: snapshot gaps', () => {
  it('measures each gap within a game and starts again with a new game', () => {
    const gaps = createGapCounter();
    const seen = [
      gaps.arrived('a', 1000),
      gaps.arrived('a', 1016.7),
      gaps.arrived('a', 1050),
      gaps.arrived('b', 9000),
      gaps.arrived('b', 9020),
    ];
    expect(seen[0]).toBeNull();
    expect(seen[1]).toBeCloseTo(16.7, 9);
    expect(seen[2]).toBeCloseTo(33.3, 9);
    expect(seen[3]).toBeNull();
    expect(seen[4]).toBe(20);
  });
});

describe('bench: bytes on the wire', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  it('counts every frame with its header down and its header and mask up, per player per second', async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    let tcp: Socket | undefined;
    client.once('upgrade', (response) => {
      tcp = response.socket;
    });
    const [serverSide] = (await once(server, 'connection')) as [WebSocket];
    await once(client, 'open');
    const before = wireCountOf(tcp);

    const received = new Promise<void>((resolve) => {
      let n = 0;
      client.on('message', () => ++n === 3 && resolve());
    });
    const heard = new Promise<void>((resolve) => {
      let n = 0;
      serverSide.on('message', () => ++n === 2 && resolve());
    });
    for (let i = 0; i < 3; i++) serverSide.send('x'.repeat(100));
    await received;
    // 200 bytes need the 16-bit length form: a 4-byte header, then the 4-byte mask of a client frame.
    client.send('y'.repeat(50));
    client.send('z'.repeat(200));
    await heard;

    const moved = wireDelta(before, wireCountOf(tcp));
    expect(moved).toEqual({ down: 3 * (2 + 100), up: 2 + 4 + 50 + (4 + 4 + 200) });
    expect(perPlayerPerSecond(moved.down, 2, 3)).toBe(51);
    expect(perPlayerPerSecond(moved.down, 0, 3)).toBe(0);
    client.close();
  });
});

describe('bench: memory per match is the growth from half the load to all of it', () => {
  const scrape = (text: string) => parsePrometheus(text);
  const measured = (halfway: ServerScrapes['halfway']): Measured => ({
    server: {
      idle: scrape('process_resident_memory_bytes 900000000\n'),
      before: scrape(''),
      after: scrape(''),
      seconds: 10,
      liveSamples: [400, 400],
      rssSamples: [500 * 1024 * 1024, 500 * 1024 * 1024],
      halfway,
    },
    echo: createSampleHistogram(),
    gaps: createSampleHistogram(),
    players: 800,
    botSeconds: 10,
    down: 0,
    up: 0,
    snapshots: 0,
    gamesOver: 0,
    ...noWireCounts(),
  });

  it('(full − half) / (matches added): 20 MB more for 200 more matches is 102.4 KB a match', () => {
    const half = { rss: 480 * 1024 * 1024, matches: 200 };
    expect(figuresOf(measured(half)).rssPerMatchKB).toBe(102.4);
  });

  it('an idle baseline bloated by start-up garbage would have read as negative; the half step does not', () => {
    expect(figuresOf(measured(null)).rssPerMatchKB).toBeLessThan(0);
    expect(figuresOf(measured({ rss: 490 * 1024 * 1024, matches: 200 })).rssPerMatchKB).toBeGreaterThan(0);
  });
});
