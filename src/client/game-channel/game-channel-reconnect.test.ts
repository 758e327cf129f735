import { describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../common/protocol.ts';
import { CHANNEL_TIMING, reconnectDelayMs } from './game-channel.ts';
import { channelBed } from './test-support/channel-bed.ts';

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
    const t = channelBed();
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
      const t = channelBed();
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
    const t = channelBed();
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
    const t = channelBed();
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
    const t = channelBed();
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
    const t = channelBed(() => url);
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
    const t = channelBed();
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
    const t = channelBed();
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
