/** SPEC §5 "Stored stats sanity" and §9 "Stats limits 1000 wins and 100 streak". */
export const STAT_LIMITS = { totalWins: 1000, streak: 100 } as const;

/** The stat if it is a whole number from 0 to `max`, else null (the caller resets it to 0). */
export function sanePlayerStat(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}
