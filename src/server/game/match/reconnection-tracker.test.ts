import { describe, expect, it } from 'vitest';
import { DISCONNECT_GRACE_MS, RECONNECTION_WINDOW_MS } from '../../../common/rules.ts';
import { createReconnectionTracker } from './reconnection-tracker.ts';

const T0 = 1_000_000;
const WINDOW_END = T0 + DISCONNECT_GRACE_MS + RECONNECTION_WINDOW_MS;

describe('reconnection: the grace and window as a state machine over clock times', () => {
  it('disconnect grace: nothing fires at 1999 ms, the grace ends at 2000 ms with 30 s left', () => {
    const tracker = createReconnectionTracker();
    expect(tracker.disconnect(1, T0)).toEqual({ kind: 'grace', graceEndsAt: T0 + DISCONNECT_GRACE_MS });
    expect(tracker.advance(T0 + DISCONNECT_GRACE_MS - 1)).toEqual([]);
    expect(tracker.advance(T0 + DISCONNECT_GRACE_MS)).toEqual([
      { type: 'graceEnded', seat: 1, at: T0 + DISCONNECT_GRACE_MS, secondsLeft: 30 },
    ]);
    expect(tracker.awaySeats()).toEqual([1]);
  });

  it('a seat whose player moves from another node gets the same grace, but it is no disconnect of theirs', () => {
    const tracker = createReconnectionTracker();
    expect(tracker.disconnect(1, T0, false)).toEqual({
      kind: 'grace',
      graceEndsAt: T0 + DISCONNECT_GRACE_MS,
    });
    expect(tracker.reconnect(1, T0 + 100)).toEqual({ kind: 'withinGrace' });
    expect(tracker.disconnectCounts()).toEqual([0, 0]);
    expect(tracker.log().map((e) => e.event)).toEqual(['moving', 'reconnected']);
  });

  it('reconnection window: at 29 999 ms it still runs, at 30 000 ms it expires', () => {
    const tracker = createReconnectionTracker();
    tracker.disconnect(0, T0);
    tracker.advance(WINDOW_END - 1);
    expect(tracker.secondsLeft(0, WINDOW_END - 1)).toBe(1);
    expect(tracker.advance(WINDOW_END)).toEqual([{ type: 'windowExpired', seat: 0, at: WINDOW_END }]);
  });

  it('a late tick gets only the latest seconds-left count, and none once the window is over', () => {
    const tracker = createReconnectionTracker();
    tracker.disconnect(0, T0);
    expect(tracker.advance(T0 + DISCONNECT_GRACE_MS + 5_500).map((e) => e.type)).toEqual([
      'graceEnded',
      'timeLeft',
    ]);
    expect(tracker.advance(T0 + DISCONNECT_GRACE_MS + 9_000)).toEqual([
      { type: 'timeLeft', seat: 0, at: T0 + DISCONNECT_GRACE_MS + 9_000, secondsLeft: 21 },
    ]);
    expect(tracker.advance(WINDOW_END + 5_000)).toEqual([{ type: 'windowExpired', seat: 0, at: WINDOW_END }]);
  });

  it('both away: however late the tick, the window that ends first expires first', () => {
    const tracker = createReconnectionTracker();
    tracker.disconnect(1, T0);
    tracker.disconnect(0, T0 + 500);
    const events = tracker.advance(WINDOW_END + 60_000);
    expect(events.at(-1)).toEqual({ type: 'windowExpired', seat: 1, at: WINDOW_END });
    expect(events.filter((e) => e.type === 'windowExpired')).toHaveLength(1);
  });

  it('both away: windows ending on the same millisecond expire seat 0 first, deterministically', () => {
    const tracker = createReconnectionTracker();
    tracker.disconnect(1, T0);
    tracker.disconnect(0, T0);
    expect(tracker.advance(WINDOW_END).at(-1)).toEqual({ type: 'windowExpired', seat: 0, at: WINDOW_END });
  });

  it('a second close of a seat that is already away is not another disconnect', () => {
    const tracker = createReconnectionTracker();
    tracker.disconnect(0, T0);
    expect(tracker.disconnect(0, T0 + 10)).toEqual({ kind: 'ignored' });
    expect(tracker.disconnectCounts()).toEqual([1, 0]);
  });

  it('reconnection: the fourth disconnect of a seat is excessive; a return resets nothing', () => {
    const tracker = createReconnectionTracker();
    for (let i = 0; i < 3; i++) {
      expect(tracker.disconnect(1, T0 + i * 10).kind).toBe('grace');
      expect(tracker.reconnect(1, T0 + i * 10 + 5)).toEqual({ kind: 'withinGrace' });
    }
    expect(tracker.disconnect(1, T0 + 100)).toEqual({ kind: 'excessive', count: 4 });
    expect(tracker.log().map((e) => e.event)).toEqual([
      'disconnected',
      'reconnected',
      'disconnected',
      'reconnected',
      'disconnected',
      'reconnected',
      'disconnected',
    ]);
  });
});
