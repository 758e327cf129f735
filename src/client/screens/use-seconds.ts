import { useEffect, useRef, useState } from 'react';

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

/**
 * Whole seconds left of a countdown of `from` seconds that starts when `key` first appears (or changes),
 * ticking down to 0, then calling `onDone` once.
 */
export function useCountdown(from: number, key: unknown, onDone?: () => void): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (key === null || key === undefined) return;
    setLeft(from);
    const startedAt = Date.now();
    const id = setInterval(() => {
      const next = Math.max(0, from - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [from, key]);
  // Read when the countdown ends: a new function each render restarts nothing.
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (left === 0 && key !== null && key !== undefined) done.current?.();
  }, [left, key]);
  return left;
}
