import { useEffect, useState } from 'react';
import { type Clock, systemClock } from '../../common/clock.ts';

/**
 * The time now, re-read on every whole second after `startMs` while `active`: the wait counter and the
 * progress bar move once a second, and a rule such as "cancel after 10 s" turns on at exactly 10 000 ms.
 */
export function useSearchClock(startMs: number | null, active: boolean, clock: Clock = systemClock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!active || startMs === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const current = clock.now();
      setNow(current);
      const elapsed = Math.max(0, current - startMs);
      timer = setTimeout(schedule, 1000 - (elapsed % 1000));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [startMs, active, clock]);
  return now;
}
