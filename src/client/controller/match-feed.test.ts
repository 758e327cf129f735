import { describe, expect, it } from 'vitest';
import { CHANNEL_TIMING } from '../game-channel/channel-contract.ts';
import { GAME, matched, START, setup, state } from './test-support/controller-bed.ts';

const pings = (t: ReturnType<typeof setup>) =>
  t.sent().filter((m): m is { type: 'ping'; timestamp: number } => m.type === 'ping');

describe('the match feed: the canvas’s prediction and the server clock, outside React', () => {
  it('a match’s start sends a few more pings, and a pong sets the server clock’s offset (serverTime + rtt/2)', () => {
    const t = setup();
    t.signInAndOpen();
    const before = pings(t).length;
    t.receive(matched);
    t.timers.advance(CHANNEL_TIMING.clockSyncGapMs * (CHANNEL_TIMING.clockSyncPings - 1));
    const sent = pings(t);
    expect(sent.length - before).toBe(CHANNEL_TIMING.clockSyncPings);
    const ping = sent.at(-1)!;
    // Answered 60 ms after it went, by a server whose clock reads 2 s ahead of this one half-way.
    t.clock.advance(60);
    t.receive({ type: 'pong', timestamp: ping.timestamp, serverTime: ping.timestamp + 30 + 2_000 });
    // The page's monotonic clock reads clock.now() − START (the harness's).
    expect(t.controller.match.serverOffsetMs()).toBe(START + 2_000);
  });

  it('ball events and paddle reports reach the prediction, not the reducer (no re-render)', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(state(START + 100, { tick: 100, gameState: 'playing', ballPos: { x: 400, y: 300 } }));
    const renders = t.renders();
    t.receive({
      type: 'ballEvent',
      gameId: GAME,
      kind: 'hit',
      tick: 130,
      at: START + 600,
      ball: [732, 310, -6.3, 1],
      rallyHits: 1,
      paddles: [300, 320],
    });
    t.receive({ type: 'opponentPaddle', tick: 136, y: 400 });
    const { prediction } = t.controller.match;
    expect(prediction.lastSound()).toEqual({ kind: 'hit' });
    // This player is seat 0: the report is the right paddle's.
    expect([prediction.reportedPaddle(0), prediction.reportedPaddle(1)]).toEqual([300, 400]);
    expect(t.renders()).toBe(renders);
  });

  it('a game left behind is forgotten by the prediction', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(state(START + 100, { tick: 100 }));
    expect(t.controller.match.prediction.keyframe()).not.toBeNull();
    t.controller.returnToMenu();
    expect(t.controller.match.prediction.keyframe()).toBeNull();
  });
});
