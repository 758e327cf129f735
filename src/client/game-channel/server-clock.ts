import type { Clock } from '../../common/clock.ts';

/**
 * The server's clock as seen from here, for the ball's prediction: the offset to add to this page's
 * monotonic clock (performance.now()) to get the server's time (epoch ms, the domain of a keyframe's
 * `timestamp` and a ball event's `at`). Each `pong` is a sample: the server read its clock between the ping's
 * departure and the pong's arrival, so the server's time at the arrival is about `serverTime + rtt/2`. The
 * error of a sample is at most the asymmetry of its round trip, so of the last CLOCK_SAMPLES the one with the
 * lowest round trip is kept (NTP's clock filter). Before any pong, the first keyframe's `timestamp` at its
 * arrival stands in (late by the one-way trip: the ball is drawn that much behind until a pong comes).
 *
 * The round trip is measured on the wall clock the ping was stamped with; the offset is taken against the
 * monotonic clock, which is sub-millisecond and never stepped.
 */

export const CLOCK_SAMPLES = 8;
/** A pong whose round trip is longer than this says little of the clock (a stalled tab, a reconnect). */
const MAX_SAMPLE_RTT_MS = 5_000;

export interface ServerClockView {
  /** Server time minus performance.now() (ms), or null before any sample. */
  offsetMs(): number | null;
}

export interface ServerClock extends ServerClockView {
  /** A pong to a ping stamped `sentAt` (wall clock), carrying the server's `serverTime`. */
  pong(sentAt: number, serverTime: number): void;
  /** A keyframe's server `timestamp`, as it arrives. */
  keyframe(serverTimestamp: number): void;
  /** The round trip of the sample the offset comes from, or null. */
  bestRoundTripMs(): number | null;
  reset(): void;
}

export function createServerClock(deps: { wall: Clock; monotonicNow: () => number }): ServerClock {
  let samples: { rtt: number; offset: number }[] = [];
  let best: { rtt: number; offset: number } | null = null;
  let fromKeyframe: number | null = null;

  return {
    pong(sentAt, serverTime) {
      const rtt = deps.wall.now() - sentAt;
      if (!(rtt >= 0 && rtt <= MAX_SAMPLE_RTT_MS) || !Number.isFinite(serverTime)) return;
      const sample = { rtt, offset: serverTime + rtt / 2 - deps.monotonicNow() };
      samples = [...samples, sample].slice(-CLOCK_SAMPLES);
      best = samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
    },
    keyframe(serverTimestamp) {
      if (fromKeyframe === null && Number.isFinite(serverTimestamp))
        fromKeyframe = serverTimestamp - deps.monotonicNow();
    },
    offsetMs: () => best?.offset ?? fromKeyframe,
    bestRoundTripMs: () => best?.rtt ?? null,
    reset() {
      samples = [];
      best = null;
      fromKeyframe = null;
    },
  };
}
