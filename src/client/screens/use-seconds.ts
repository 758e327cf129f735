import { useEffect, useRef, useState } from 'react';
import { type Clock, systemClock } from '../../common/clock.ts';

/**
 * The time now, refreshed every second while `active`, for screens that show seconds waited or left. It
 * reads Date.now (tests fake it with vi.useFakeTimers, which fakes the interval too).
 */
export function useNow(active = true, intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [active, intervalMs]);
  return now;
}

/** Whole seconds left now of `from` seconds counted from `start` (epoch ms). */
function secondsLeft(from: number, start: number): number {
  return Math.max(0, from - Math.floor((Date.now() - start) / 1000));
}

/**
 * Whole seconds left of a countdown of `from` seconds that starts when `key` first appears (or changes), or
 * at `startedAt` (epoch ms) when it began before this screen did (a reload), ticking down to 0, then calling
 * `onDone` once.
 */
export function useCountdown(
  from: number,
  key: unknown,
  onDone?: () => void,
  startedAt: number | null = null,
): number {
  const [left, setLeft] = useState(() =>
    startedAt === null ? from : Math.min(from, secondsLeft(from, startedAt)),
  );
  useEffect(() => {
    if (key === null || key === undefined) return;
    const start = startedAt === null ? Date.now() : Math.min(startedAt, Date.now());
    const first = secondsLeft(from, start);
    setLeft(first);
    if (first === 0) return;
    const id = setInterval(() => {
      const next = secondsLeft(from, start);
      setLeft(next);
      if (next === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [from, key, startedAt]);
  // Read when the countdown ends: a new function each render restarts nothing.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (left === 0 && key !== null && key !== undefined) done.current?.();
  }, [left, key]);
  return left;
}

/**
 * Whole seconds left until `deadline` (epoch ms on this device; null: none), rounded up as every time-left
 * text is (challenge-link.ts expiresInText), re-read 4 times a second so that two screens counting to one
 * deadline turn their seconds together; `onDone` once when it reaches 0.
 */
export function useSecondsUntil(
  deadline: number | null,
  onDone?: () => void,
  clock: Clock = systemClock,
): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(clock.now());
    const id = setInterval(() => setNow(clock.now()), 250);
    return () => clearInterval(id);
  }, [deadline, clock]);
  const left = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (deadline !== null && left === 0) done.current?.();
  }, [left, deadline]);
  return left;
}
