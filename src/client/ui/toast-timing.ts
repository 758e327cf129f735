/** SPEC §2 and §9: one toast at a time, 5 s by default (3-10 s per toast), then a 500 ms fade. */
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_MIN_DURATION_MS = 3000;
export const TOAST_MAX_DURATION_MS = 10_000;
export const TOAST_FADE_MS = 500;

export function toastDuration(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return TOAST_DEFAULT_DURATION_MS;
  return Math.min(TOAST_MAX_DURATION_MS, Math.max(TOAST_MIN_DURATION_MS, requested));
}
