import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { CLOSE_CODES, type ServerMessage } from '../../common/protocol.ts';
import type { ConnectionInfo, TransactionNotice } from '../state/game-api.ts';
import type { WalletTransactionDetail } from '../state/wallet-transaction-event.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { CHANNEL_TIMING, createGameChannel, reconnectDelayMs } from './game-channel.ts';
import { gameSocketUrl } from './socket.ts';
import { fakeSocketFactory } from './test-support/fake-socket.ts';
import { createTransactionNotices } from './transaction-notices.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function setup(url: () => string = () => 'ws://game.test/ws') {
  const clock = createFakeClock(1_000_000);
  const timers = createManualTimers(clock);
  const sockets = fakeSocketFactory();
  const log: string[] = [];
  const received: ServerMessage[] = [];
  const notices: TransactionNotice[] = [];
  let info: ConnectionInfo | null = null;
  const statuses: ConnectionInfo['status'][] = [];
  const channel = createGameChannel({
    url,
    createSocket: sockets.factory,
    clock,
    timers,
    walletAddress: () => WALLET,
    log: (message) => log.push(message),
    handlers: {
      opened: (moved) => {
        log.push(moved ? 'opened (moved)' : 'opened');
        channel.send({ type: 'connect', timestamp: clock.now() });
      },
      message: (m) => received.push(m),
      closed: () => log.push('closed'),
      graceEnded: () => log.push('graceEnded'),
      gaveUp: () => log.push('gaveUp'),
      sessionEnded: (why) => log.push(`sessionEnded ${why}`),
      error: () => log.push('error'),
      transaction: (n) => notices.push(n),
      connection: (i) => {
        info = i;
        statuses.push(i.status);
      },
    },
  });
  const types = (socket = sockets.last()) => socket.messages().map((m) => m.type);
  return { clock, timers, sockets, channel, log, received, notices, info: () => info, statuses, types };
}

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
    const t = setup();
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
    const t = setup();
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
    const t = setup();
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
    const t = setup();
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
    const t = setup();
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
    const t = setup();
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

describe('reconnecting', () => {
  it.each([
    [0, 1_000],
    [1, 1_500],
    [2, 2_250],
    [3, 3_375],
    [4, 3_375],
  ])('backoff: attempt %i waits %i ms', (attempt, ms) => {
    expect(reconnectDelayMs(attempt)).toBe(ms);
  });

  it('a close: pending disconnect, the disconnect UI after exactly 2 s, then up to 5 attempts with backoff', () => {
    const t = setup();
    t.channel.start();
    t.sockets.last().open();
    t.timers.advance(CHANNEL_TIMING.stableOpenMs);
    t.sockets.last().serverClose();
    expect(t.info()?.status).toBe('pendingDisconnect');
    expect(t.log.at(-1)).toBe('closed');
    t.timers.advance(999);
    expect(t.sockets.sockets).toHaveLength(1);
    t.timers.advance(1);
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.info()?.reconnectAttempts).toBe(1);
    t.timers.advance(999);
    expect(t.log).not.toContain('graceEnded');
    t.timers.advance(1);
    expect(t.log).toContain('graceEnded');
    expect(t.info()?.status).toBe('lost');

    // Every attempt is refused (the server answers the handshake with 401): after 5, the player is told once,
    // and the channel tries on at the capped backoff for as long as the page is open.
    const waits = [1_500, 2_250, 3_375, 3_375];
    t.sockets.last().serverClose();
    for (const wait of waits) {
      const count = t.sockets.sockets.length;
      t.timers.advance(wait - 1);
      expect(t.sockets.sockets).toHaveLength(count);
      t.timers.advance(1);
      expect(t.sockets.sockets).toHaveLength(count + 1);
      t.sockets.last().serverClose();
    }
    expect(t.sockets.sockets).toHaveLength(6);
    expect(t.log.at(-1)).toBe('gaveUp');
    expect(t.info()).toMatchObject({ status: 'lost', reconnectAttempts: 5, retrying: true });
    for (let i = 0; i < 10; i++) {
      const count = t.sockets.sockets.length;
      t.timers.advance(3_374);
      expect(t.sockets.sockets).toHaveLength(count);
      t.timers.advance(1);
      expect(t.sockets.sockets).toHaveLength(count + 1);
      t.sockets.last().serverClose();
    }
    expect(t.log.filter((entry) => entry === 'gaveUp')).toHaveLength(1);
    // The server is back: the next attempt opens, and the channel is open again.
    t.timers.advance(3_375);
    t.sockets.last().open();
    expect(t.info()?.status).toBe('open');
  });

  it.each([
    [CLOSE_CODES.signedOut, 'signedOut'],
    [CLOSE_CODES.restricted, 'restricted'],
  ])(
    'a close with code %i (signed out or restricted) ends the session: no grace, no reconnect, until started again',
    (code, why) => {
      const t = setup();
      t.channel.start();
      t.sockets.last().open();
      t.sockets.last().serverClose(code);
      expect(t.log.at(-1)).toBe(`sessionEnded ${why}`);
      expect(t.log).not.toContain('closed');
      expect(t.info()?.status).toBe('idle');
      t.timers.advance(600_000);
      expect(t.sockets.sockets).toHaveLength(1);
      expect(t.log).not.toContain('graceEnded');
      t.channel.start();
      expect(t.sockets.sockets).toHaveLength(2);
    },
  );

  it('a socket the server closes as soon as it opens is never retried faster than the capped backoff; the player is told after 5', () => {
    const t = setup();
    t.channel.start();
    for (let i = 0; i < 20; i++) {
      const socket = t.sockets.last();
      if (socket.readyState === 0) {
        socket.open();
        socket.serverClose(1008);
      }
      t.timers.advance(4_000);
    }
    // One attempt per 4 s step at most (the backoff is at most 3375 ms), never a tight loop.
    expect(t.sockets.sockets.length).toBeLessThanOrEqual(21);
    expect(t.sockets.sockets.length).toBeGreaterThan(6);
    expect(t.log).toContain('gaveUp');
  });

  it('a socket that stayed open earns a fresh set of attempts', () => {
    const t = setup();
    t.channel.start();
    t.sockets.last().open();
    t.sockets.last().serverClose();
    t.timers.advance(1_000);
    t.sockets.last().open();
    expect(t.info()?.reconnectAttempts).toBe(1);
    t.timers.advance(CHANNEL_TIMING.stableOpenMs);
    t.sockets.last().serverClose();
    expect(t.info()?.reconnectAttempts).toBe(0);
  });

  it('reconnectNow after giving up tries again at once; stop closes for good', () => {
    const t = setup();
    t.channel.start();
    for (let i = 0; i < 6; i++) {
      t.sockets.last().serverClose();
      t.timers.advance(4_000);
    }
    expect(t.log).toContain('gaveUp');
    const count = t.sockets.sockets.length;
    t.channel.reconnectNow();
    expect(t.sockets.sockets).toHaveLength(count + 1);
    t.sockets.last().open();
    expect(t.info()?.status).toBe('open');
    t.channel.stop();
    expect(t.sockets.last().closedByClient).toBe(true);
    expect(t.info()?.status).toBe('idle');
    t.timers.advance(60_000);
    expect(t.sockets.sockets).toHaveLength(count + 1);
  });

  it('moveNow: the open socket is closed and the new URL opened at once; no attempt counted, no pending disconnect', () => {
    let url = 'ws://game.test/ws';
    const t = setup(() => url);
    t.channel.start();
    t.channel.moveNow();
    expect(t.sockets.sockets).toHaveLength(1);
    t.sockets.last().open();
    url = 'ws://game.test/ws?node=node-2';
    t.channel.moveNow();
    expect(t.sockets.sockets).toHaveLength(2);
    expect(t.sockets.sockets[0]?.closedByClient).toBe(true);
    expect(t.sockets.last().url).toBe(url);
    expect(t.info()).toMatchObject({ status: 'connecting', reconnectAttempts: 0 });
    t.timers.advance(1_999);
    t.sockets.last().open();
    expect(t.log.at(-1)).toBe('opened (moved)');
    expect(t.types()[0]).toBe('connect');
    // Past the 2 s grace that started with the move: it ended with the open, unseen.
    t.timers.advance(1_000);
    expect(t.statuses).not.toContain('pendingDisconnect');
    expect(t.statuses).not.toContain('lost');
    expect(t.log).not.toContain('graceEnded');
    expect(t.info()).toMatchObject({ status: 'open', reconnectAttempts: 0 });
  });

  it('a node that does not answer the move: the disconnect UI after the usual 2 s, then attempts with backoff', () => {
    const t = setup();
    t.channel.start();
    t.sockets.last().open();
    t.channel.moveNow();
    t.sockets.last().serverClose();
    t.timers.advance(999);
    expect(t.sockets.sockets).toHaveLength(2);
    t.timers.advance(1);
    expect(t.sockets.sockets).toHaveLength(3);
    expect(t.info()?.reconnectAttempts).toBe(1);
    t.timers.advance(1_000);
    expect(t.log).toContain('graceEnded');
    t.sockets.last().open();
    expect(t.log.at(-1)).toBe('opened');
  });

  it('the send queue is bounded: the oldest go first', () => {
    const t = setup();
    t.channel.start();
    for (let i = 0; i < CHANNEL_TIMING.sendQueueLimit + 5; i++)
      t.channel.send({ type: 'ping', timestamp: i });
    t.sockets.last().open();
    const queued = t.sockets
      .last()
      .messages()
      .filter((m) => m.type === 'ping' && (m.timestamp as number) < 1000);
    expect(queued).toHaveLength(CHANNEL_TIMING.sendQueueLimit);
    expect(queued[0]?.timestamp).toBe(5);
  });
});

describe('transaction notifications', () => {
  it('duplicates (same id, same status) are dropped; each new one is dispatched at once, +500 ms and +1500 ms, plus a manual trigger', () => {
    const t = setup();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    const tx = { id: 41, type: 'winner_payout', amount: 0.0375 };
    socket.receive({ type: 'transaction_notification', transaction: tx });
    socket.receive({ type: 'transaction_notification', transaction: { ...tx } });
    // A payout without status is the confirmed one (SPEC §4): the same as one that says so.
    socket.receive({ type: 'transaction_notification', transaction: { ...tx, status: 'confirmed' } });
    expect(t.notices).toEqual([{ ...tx, wallet_address: WALLET, status: 'confirmed' }]);
  });

  it("a payout's 'confirmed' notice after its 'sent' one (same id) is news, not a duplicate", () => {
    const t = setup();
    t.channel.start();
    const socket = t.sockets.last();
    socket.open();
    const sent = {
      id: 'p1',
      type: 'winner_payout',
      amount: 0.0375,
      status: 'processing',
      transaction_signature: 'sig1',
    };
    socket.receive({ type: 'transaction_notification', transaction: sent });
    socket.receive({ type: 'transaction_notification', transaction: { ...sent, status: 'confirmed' } });
    socket.receive({ type: 'transaction_notification', transaction: { ...sent, status: 'confirmed' } });
    expect(t.notices.map((n) => n.status)).toEqual(['processing', 'confirmed']);
  });

  it('a notice known only by its signature is a duplicate in the same status only', () => {
    const notices = createTransactionNotices({
      timers: createManualTimers(createFakeClock(0)),
      walletAddress: () => null,
      dispatch: () => {},
    });
    const sent = { type: 'refund', status: 'processing', transaction_signature: 'sig2' };
    expect(notices.handle(sent)).not.toBeNull();
    expect(notices.handle({ ...sent })).toBeNull();
    expect(notices.handle({ ...sent, status: 'confirmed' })).not.toBeNull();
  });

  it('the window events: three notifications and a manual trigger, on time', () => {
    const clock = createFakeClock(0);
    const timers = createManualTimers(clock);
    const events: Array<[number, WalletTransactionDetail['kind']]> = [];
    const notices = createTransactionNotices({
      timers,
      walletAddress: () => null,
      dispatch: (detail) => events.push([clock.now(), detail.kind]),
    });
    expect(notices.handle({ id: 'a', type: 'refund', status: 'pending' })).toEqual({
      id: 'a',
      type: 'refund',
      status: 'pending',
    });
    timers.advance(499);
    expect(events).toEqual([
      [0, 'transaction_notification'],
      [0, 'manual_trigger'],
    ]);
    timers.advance(1_001);
    expect(events.slice(2)).toEqual([
      [500, 'transaction_notification'],
      [1_500, 'transaction_notification'],
    ]);
    expect(notices.handle({ id: 'a', type: 'refund', status: 'pending' })).toBeNull();
    timers.advance(5_000);
    expect(events).toHaveLength(4);
  });
});
