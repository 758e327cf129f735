import { TICK_HZ } from '../../../common/game/constants.ts';

/** A tick as game time, 'm:ss' (the replay runs at TICK_HZ ticks per second of game time). */
export function tickTime(tick: number): string {
  const seconds = Math.floor(tick / TICK_HZ);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
