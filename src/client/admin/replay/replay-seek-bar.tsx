import type { ReplayPoint } from '../../../common/game/replay-timeline.ts';
import { tickTime } from './replay-time.ts';

/** How far before its point a mark jumps: up to 3 s of the rally that decided it. */
export const POINT_LEAD_IN_TICKS = 180;

/** Where the mark of `points[i]` jumps to: the lead-in before it, never back past the point before it. */
export function pointSeekTick(points: readonly ReplayPoint[], i: number): number {
  const previous = i > 0 ? points[i - 1]!.tick : 0;
  return Math.max(previous, points[i]!.tick - POINT_LEAD_IN_TICKS);
}

/**
 * The seek slider over every tick of the replay, with a mark per point under it (left player's points
 * green, right player's cyan); a mark jumps to the rally that decided its point.
 */
export function ReplaySeekBar({
  tick,
  endTick,
  points,
  onSeek,
}: {
  tick: number;
  endTick: number;
  points: readonly ReplayPoint[];
  onSeek(tick: number): void;
}) {
  const at = (t: number) => `${endTick > 0 ? (t / endTick) * 100 : 0}%`;
  return (
    <div className="w-full">
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={endTick}
        step={1}
        value={tick}
        aria-valuetext={`${tickTime(tick)} of ${tickTime(endTick)}`}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        className="block w-full accent-yellow-400"
      />
      <fieldset className="relative mx-2 h-4 border-0 p-0" aria-label="Points">
        {points.map((point, i) => {
          const label = `Point ${i + 1}: Player ${point.scorer + 1} scores, ${point.scores[0]}-${point.scores[1]} at ${tickTime(point.tick)}`;
          return (
            <button
              key={point.tick}
              type="button"
              title={label}
              aria-label={label}
              onClick={() => onSeek(pointSeekTick(points, i))}
              style={{ left: at(point.tick) }}
              className={`absolute top-0 h-4 w-1.5 -translate-x-1/2 rounded-sm ${point.scorer === 0 ? 'bg-green-400' : 'bg-cyan-400'} hover:h-5 focus:outline focus:outline-yellow-300`}
            />
          );
        })}
      </fieldset>
    </div>
  );
}
