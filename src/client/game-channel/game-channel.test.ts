import { describe, expect, it } from 'vitest';
import { gameSocketUrl } from './socket.ts';
import { channelBed } from './test-support/channel-bed.ts';

describe('the game channel socket', () => {
  it.each([
    [{ protocol: 'http:', host: 'localhost:3000' }, null, 'ws://localhost:3000/ws'],
    [{ protocol: 'https:', host: 'pong.example' }, null, 'wss://pong.example/ws'],
    [
      { protocol: 'https:', host: 'pong.example' },
      'abc-123_XYZ',
      'wss://pong.example/ws?sessionId=abc-123_XYZ',
    ],
  ])(
    'one socket at /ws on the same host, wss on https, with the session id as a query: %j %s',
    (page, session, url) => {
      expect(gameSocketUrl(page, session)).toBe(url);
    },
  );

  it.each([
    [null, 'node-2', 'wss://pong.example/ws?node=node-2'],
    ['abc-123_XYZ', 'game-2.eu_west', 'wss://pong.example/ws?sessionId=abc-123_XYZ&node=game-2.eu_west'],
  ])('a stored game node goes along as the node query: %s %s', (session, node, url) => {
    expect(gameSocketUrl({ protocol: 'https:', host: 'pong.example' }, session, node)).toBe(url);
  });

  it('opens only when started, once; the opening message goes before what waited in the queue', () => {
    const t = channelBed();
    expect(t.sockets.sockets).toHaveLength(0);
    t.channel.start();
    t.channel.start();
    expect(t.sockets.sockets).toHaveLength(1);
    t.channel.send({ type: 'findMatch', gameMode: 'practice' });
    t.channel.send(
      { type: 'paddleMove', gameId: '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e', position: 3 },
      { queue: false },
    );
    expect(t.info()?.status).toBe('connecting');
    t.sockets.last().open();
    expect(t.info()?.status).toBe('open');
    expect(t.types()).toEqual(['connect', 'findMatch', 'ping']);
  });

  it('every message is parsed with the protocol schema: bad frames are dropped, good ones handed on', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    socket.receive('not json');
    socket.receive(JSON.stringify({ type: 'gameOver', gameId: 'x' }));
    socket.receive({
      type: 'queueUpdate',
      queueLengths: { practice: 1, smol_shrimp: 0, tiny_tuna: 0, mighty_marlin: 0, giga_whale: 0 },
      playersOnline: 2,
    });
    expect(t.received.map((m) => m.type)).toEqual(['queueUpdate']);
    expect(t.log.filter((l) => l.includes('dropped'))).toHaveLength(2);
  });
});

describe('ping, quality and heartbeat', () => {
  it('a ping every 3 s; the average of the last 10 round trips; quality from latency and loss', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    for (let i = 0; i < 12; i++) {
      const ping = socket
        .messages()
        .filter((m) => m.type === 'ping' && !m.isHeartbeat)
        .at(-1)!;
      // The first two answers are slow (150 ms: fair); only the last 10 samples count.
      t.timers.advance(i < 2 ? 150 : 40);
      socket.receive({ type: 'pong', timestamp: ping.timestamp as number, serverTime: 0 });
      if (i === 1) expect(t.info()).toMatchObject({ pingMs: 150, quality: 'fair', qualityScore: 50 });
      t.timers.advance(i < 2 ? 2_850 : 2_960);
    }
    expect(t.info()).toMatchObject({ pingMs: 40, quality: 'excellent', qualityScore: 100 });
    const pings = socket.messages().filter((m) => m.type === 'ping' && !m.isHeartbeat);
    expect(pings.map((p) => (p.timestamp as number) - 1_000_000)).toEqual(
      Array.from({ length: 13 }, (_, i) => i * 3_000),
    );
  });

  it('a missed pong counts as loss after the interval minus 500 ms; poor quality pings every 2 s', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    // Keep the socket from looking silent: the server talks, but never answers pings.
    const chatter = () => socket.receive({ type: 'gameResumed', message: '' });
    t.timers.advance(2_499);
    expect(t.info()?.quality).toBe('excellent');
    t.timers.advance(1);
    // One lost of one: 100% loss, poor.
    expect(t.info()).toMatchObject({ quality: 'poor', qualityScore: 25 });
    chatter();
    t.timers.advance(500); // the second ping, at 3 s (the interval in force when the first went out)
    const times = () =>
      socket
        .messages()
        .filter((m) => m.type === 'ping' && !m.isHeartbeat)
        .map((m) => (m.timestamp as number) - 1_000_000);
    expect(times()).toEqual([0, 3_000]);
    chatter();
    t.timers.advance(2_000);
    expect(times()).toEqual([0, 3_000, 5_000]);
  });

  it('heartbeat: checked every 5 s; 10 s of silence drops the socket and reconnects', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    t.timers.advance(5_000);
    expect(socket.messages().some((m) => m.type === 'ping' && m.isHeartbeat === true)).toBe(true);
    t.timers.advance(4_999);
    expect(t.log).not.toContain('closed');
    t.timers.advance(1);
    expect(t.log).toContain('closed');
    expect(socket.closedByClient).toBe(true);
    expect(t.info()?.status).toBe('pendingDisconnect');
  });

  it('heard from within 10 s: the socket stays', () => {
    const t = channelBed();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    for (let i = 0; i < 10; i++) {
      t.timers.advance(4_000);
      socket.receive({ type: 'gameResumed', message: '' });
    }
    expect(t.log).not.toContain('closed');
  });
});
