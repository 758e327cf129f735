/**
 * The server time the game loop draws at: the estimate's offset (game-channel/server-clock.ts), followed at a bounded rate when it changes
 * (a better sample), so the drawn ball speeds up or slows down by at most CLOCK_SLEW instead of jumping; a
 * change beyond CLOCK_SNAP_MS (the first estimate, a machine that slept) is taken at once.
 */
export const CLOCK_SLEW = 0.1;
export const CLOCK_SNAP_MS = 250;

export function followOffset(shown: number | null, target: number | null, elapsedMs: number): number | null {
  if (target === null) return shown;
  if (shown === null || Math.abs(target - shown) > CLOCK_SNAP_MS) return target;
  const most = CLOCK_SLEW * Math.max(0, elapsedMs);
  return shown + Math.max(-most, Math.min(most, target - shown));
}
