import { describe, expect, it } from 'vitest';
import { createMatchBed, type MatchBed } from '../../../../test/support/match-bed.ts';
import { replayMatch } from '../../../common/game/replay.ts';
import { DISCONNECT_GRACE_MS, RECONNECTION_WINDOW_MS } from '../../../common/rules.ts';
import { MATCH_TEXTS } from './match-constants.ts';

/** A match in play whose seat `seat` closed its socket at the returned time, with the outbox cleared. */
function disconnectedWhilePlaying(seat: 0 | 1 = 1): { h: MatchBed; t0: number } {
  const h = createMatchBed();
  h.untilPlaying();
  h.ticks(5);
  h.clearOutbox();
  h.match.disconnected(seat);
  return { h, t0: h.clock.now() };
}

/** Moves the clock to exactly `t` and runs one tick there. */
function tickAt(h: MatchBed, t: number): void {
  h.clock.set(t);
  h.match.tick();
}

const types = (h: MatchBed, seat: 0 | 1) => h.outbox[seat].map((m) => m.type);

describe('reconnection: the disconnect grace (2000 ms)', () => {
  it('reconnection: the 2 s grace shows nothing at 1999 ms and the match goes on', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    const ball = h.match.snapshot(0).ballPos;
    tickAt(h, t0 + DISCONNECT_GRACE_MS - 1);
    expect(types(h, 0).filter((type) => type !== 'gameState')).toEqual([]);
    expect(h.match.snapshot(0)).toMatchObject({ gameState: 'playing', disconnectedPlayerIndex: null });
    expect(h.match.snapshot(0).ballPos).not.toEqual(ball);
    expect(h.match.status()).toEqual({ name: 'running', graceSeats: [1] });
  });

  it('reconnection: at 2000 ms the opponent is told and the match pauses', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    tickAt(h, t0 + DISCONNECT_GRACE_MS);
    expect(h.of(0, 'playerTemporarilyDisconnected')).toEqual([
      { type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: 1 },
    ]);
    expect(h.of(1, 'playerTemporarilyDisconnected')).toEqual([]);
    expect(h.match.snapshot(0)).toMatchObject({
      gameState: 'waitingForReconnection',
      reconnectionTimeLeft: 30,
      disconnectedPlayerIndex: 1,
    });
    expect(h.match.status()).toEqual({ name: 'paused', awaySeats: [1], since: t0 + DISCONNECT_GRACE_MS });
  });

  it('reconnection: back within the grace, the opponent sees nothing and play never stopped', () => {
    const { h } = disconnectedWhilePlaying();
    h.ticks(100);
    expect(h.match.reconnected(1)).toEqual({ ok: true, resumed: false });
    h.ticks(200);
    // Only play: keyframes, the ball's events and the opponent's paddle, nothing of a disconnection.
    expect(types(h, 0).filter((t) => !['gameState', 'ballEvent', 'opponentPaddle'].includes(t))).toEqual([]);
    expect(h.of(1, 'reconnectionSuccess')).toHaveLength(1);
    expect(h.of(0, 'gameState').every((m) => m.data.gameState !== 'waitingForReconnection')).toBe(true);
  });
});

describe('reconnection: the window (30 s after the grace)', () => {
  it('reconnection: the opponent gets the seconds left once a second, 29 down to 1', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    tickAt(h, t0 + DISCONNECT_GRACE_MS);
    h.ticks(1799); // just under 30 s of ticks
    expect(h.of(0, 'reconnectionTimeUpdate').map((m) => m.reconnectionTimeLeft)).toEqual(
      Array.from({ length: 29 }, (_, i) => 29 - i),
    );
    expect(h.match.snapshot(0).reconnectionTimeLeft).toBe(1);
  });

  it('reconnection: at 29 999 ms the seat can still come back; play resumes for both', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    const graceEnd = t0 + DISCONNECT_GRACE_MS;
    tickAt(h, graceEnd);
    const frozen = h.match.snapshot(0);
    h.ticks(600);
    expect(h.match.snapshot(0).ballPos).toEqual(frozen.ballPos);
    tickAt(h, graceEnd + RECONNECTION_WINDOW_MS - 1);
    h.clearOutbox();

    expect(h.match.reconnected(1)).toEqual({ ok: true, resumed: true });
    expect(types(h, 1)).toEqual(['reconnectionSuccess', 'gameResumed']);
    expect(types(h, 0)).toEqual(['gameResumed']);
    expect(h.of(1, 'reconnectionSuccess')[0]).toMatchObject({
      playerIndex: 1,
      gameState: { gameState: 'playing', disconnectedPlayerIndex: null, reconnectionTimeLeft: null },
    });
    expect(h.of(0, 'gameResumed')[0]!.message).toBe(MATCH_TEXTS.gameResumed);
    h.ticks(3);
    expect(h.match.snapshot(0).ballPos).not.toEqual(frozen.ballPos);
    expect(h.match.status()).toEqual({ name: 'running', graceSeats: [] });
  });

  it('reconnection: time paused is not counted as play, and no step runs while paused', () => {
    const h = createMatchBed();
    let stepsBefore = 0;
    while (h.match.snapshot(0).gameState !== 'playing') {
      h.ticks(1);
      stepsBefore++;
    }
    h.match.disconnected(1);
    const t0 = h.clock.now();
    tickAt(h, t0 + DISCONNECT_GRACE_MS); // The grace ends: this tick pauses instead of stepping.
    const ball = h.match.snapshot(0).ballPos;
    h.ticks(590);
    expect(h.match.snapshot(0).ballPos).toEqual(ball);
    h.clock.set(t0 + DISCONNECT_GRACE_MS + 10_000);
    h.match.reconnected(1);
    h.ticks(30);
    h.match.leave(1, 'exit');
    const result = h.results[0]!;
    expect(result.pausedMs).toBe(10_000);
    expect(result.durationMs).toBe(result.endedAt - result.startedAt - 10_000);
    // Only the ticks before the pause and after the return stepped the physics.
    expect(result.ticks).toBe(stepsBefore + 30);
  });

  it('reconnection: at 30 000 ms the window expires and the stayer wins', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    tickAt(h, t0 + DISCONNECT_GRACE_MS);
    h.clearOutbox();
    tickAt(h, t0 + DISCONNECT_GRACE_MS + RECONNECTION_WINDOW_MS);

    expect(types(h, 0)).toEqual(['reconnectionTimeout', 'gameState', 'gameOver']);
    expect(h.of(0, 'reconnectionTimeout')[0]!.message).toBe('Opponent did not reconnect in time');
    expect(h.of(0, 'gameOver')[0]).toMatchObject({
      winner: 0,
      reason: 'opponent_timeout',
      finalResult: 'win',
    });
    expect(h.of(1, 'gameOver')[0]).toMatchObject({
      winner: 0,
      reason: 'disconnect_timeout',
      finalResult: 'loss',
    });
    const result = h.results[0]!;
    expect(result).toMatchObject({
      winner: 0,
      end: { reason: 'disconnect_timeout', loser: 1 },
      completionStatus: 'forfeited',
      endedAt: t0 + DISCONNECT_GRACE_MS + RECONNECTION_WINDOW_MS,
      pausedMs: RECONNECTION_WINDOW_MS,
    });
    expect(replayMatch(result.record).winner).toBe(0);
    expect(h.match.reconnected(1)).toEqual({
      ok: false,
      reason: 'windowExpired',
      message: MATCH_TEXTS.windowExpired,
    });
  });

  it('reconnection: a reconnect arriving at 30 000 ms before any tick is refused', () => {
    const { h, t0 } = disconnectedWhilePlaying();
    h.clock.set(t0 + DISCONNECT_GRACE_MS + RECONNECTION_WINDOW_MS);
    expect(h.match.reconnected(1)).toMatchObject({ ok: false, reason: 'windowExpired' });
    expect(h.results).toHaveLength(1);
    expect(h.of(1, 'reconnectionSuccess')).toEqual([]);
  });
});

describe('reconnection: disconnects are counted per seat', () => {
  it('reconnection: the third disconnect gets a grace, the fourth forfeits at once', () => {
    const h = createMatchBed();
    h.untilPlaying();
    for (let i = 0; i < 3; i++) {
      h.match.disconnected(1);
      h.ticks(10);
      h.match.reconnected(1);
    }
    expect(h.results).toEqual([]);
    h.match.disconnected(0); // the other seat's count is its own
    h.match.reconnected(0);
    h.clearOutbox();
    h.match.disconnected(1);

    expect(h.of(1, 'gameOver')[0]).toMatchObject({ reason: 'excessive_disconnects', finalResult: 'loss' });
    expect(h.of(0, 'gameOver')[0]).toMatchObject({ reason: 'opponent_disqualified', finalResult: 'win' });
    expect(h.results[0]).toMatchObject({
      winner: 0,
      end: { reason: 'excessive_disconnects', loser: 1 },
      completionStatus: 'forfeited',
      disconnectCounts: [1, 4],
    });
  });
});

describe('reconnection: both seats away', () => {
  it('reconnection: the match stays paused while either window runs; the first expiry loses', () => {
    const { h, t0 } = disconnectedWhilePlaying(1);
    h.clock.set(t0 + 5_000);
    h.match.disconnected(0);
    tickAt(h, t0 + 10_000);
    expect(h.match.status()).toEqual({ name: 'paused', awaySeats: [0, 1], since: t0 + 2_000 });
    tickAt(h, t0 + 32_000 - 1);
    expect(h.results).toEqual([]);
    tickAt(h, t0 + 32_000);
    expect(h.results[0]).toMatchObject({ winner: 0, end: { reason: 'disconnect_timeout', loser: 1 } });
  });

  it('reconnection: one seat back while the other is away stays paused and sees the overlay', () => {
    const { h, t0 } = disconnectedWhilePlaying(1);
    h.clock.set(t0 + 5_000);
    h.match.disconnected(0);
    tickAt(h, t0 + 10_000);
    h.clearOutbox();
    expect(h.match.reconnected(1)).toEqual({ ok: true, resumed: false });
    expect(types(h, 1)).toEqual(['reconnectionSuccess', 'playerTemporarilyDisconnected']);
    expect(h.of(1, 'playerTemporarilyDisconnected')[0]).toMatchObject({
      reconnectionTimeLeft: 27,
      disconnectedPlayerIndex: 0,
    });
    expect(h.match.status()).toMatchObject({ name: 'paused', awaySeats: [0] });
    tickAt(h, t0 + 37_000);
    expect(h.results[0]).toMatchObject({ winner: 1, end: { reason: 'disconnect_timeout', loser: 0 } });
  });
});
