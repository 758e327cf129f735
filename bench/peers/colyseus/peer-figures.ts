/**
 * The peer's own line under the bench's table: how its rooms' separate loops fared, from the extra series
 * of its /metrics (peer-metrics.ts). Not one of the bench's own figures; it says what the tick figures stand for.
 */
import { histogramQuantile, increase, type Scrape } from '../../prometheus.ts';

export function peerRoomLine(before: Scrape, after: Scrape, seconds: number, matches: number): string {
  const stepMs = (q: number) =>
    (histogramQuantile(q, before, after, 'peer_room_step_duration_seconds') * 1000).toFixed(3);
  const steps = increase(before, after, 'peer_room_steps_total');
  const hz = matches > 0 && seconds > 0 ? steps / matches / seconds : 0;
  const missed = increase(before, after, 'peer_room_steps_missed_total');
  return (
    `Colyseus rooms, each on its own loop: one room's step p50 ${stepMs(0.5)} ms, p99 ${stepMs(0.99)} ms; ` +
    `${hz.toFixed(1)} steps per room per second; ${missed} room steps missed, counted per room ` +
    '(tickP99Ms and missedTicks below are per 60 Hz period over all rooms)'
  );
}
