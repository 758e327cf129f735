/**
 * Display formats of SPEC §5. Pure: no DOM, no clock. Money is computed in lamports elsewhere
 * (ARCHITECTURE invariant 1); these helpers only turn values into text at the edge of display.
 */

export const LAMPORTS_PER_SOL = 1_000_000_000n;

const SOL_SUFFIX = ' SOL';
const MISSING = 'N/A';

/** SOL as a number or numeric string (lamports go through lamportsToSol first). */
type Amount = number | string | null | undefined;

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Fixed decimals, then trailing zeros dropped: 'at most' N decimals; -0 shows as 0. */
function trimmedFixed(n: number, decimals: number): string {
  const fixed = n.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * An amount in SOL with the ' SOL' suffix: at most 6 decimals under 0.01 (absolute), 5 under 1, else 4.
 * A missing or non-numeric value shows as '0 SOL'.
 */
export function formatSol(amount: Amount): string {
  const n = toNumber(amount);
  if (n === null) return `0${SOL_SUFFIX}`;
  const abs = Math.abs(n);
  const decimals = abs < 0.01 ? 6 : abs < 1 ? 5 : 4;
  return `${trimmedFixed(n, decimals)}${SOL_SUFFIX}`;
}

/** Exact decimal text of a lamport amount in SOL, without float rounding: 25_000_000n → '0.025'. */
export function lamportsToSolString(lamports: bigint): string {
  const negative = lamports < 0n;
  const abs = negative ? -lamports : lamports;
  const whole = abs / LAMPORTS_PER_SOL;
  const fraction = (abs % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const SOL_TEXT = /^(\d*)(?:\.(\d{0,9}))?$/;

/**
 * The lamports of a SOL amount written in decimal ('0.025', '1', '.5', '2.'), read digit by digit, never
 * through a float; null when the text is no such amount: empty, negative, not decimal, or finer than a
 * lamport (a 10th decimal), which no exact lamport count could be.
 */
export function solToLamports(text: string): bigint | null {
  const m = SOL_TEXT.exec(text.trim());
  const whole = m?.[1] ?? '';
  const fraction = m?.[2] ?? '';
  if (!m || (whole === '' && fraction === '')) return null;
  return BigInt(whole || '0') * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(9, '0'));
}

/**
 * The one text of a lamport amount a player reads: ' SOL' after the shortest exact decimal that has at least
 * `minDecimals` (SPEC §5's 3 for the lobby balance, 2 for the wallet box, 4 for the history), and more where
 * the lamports need them. Never rounded, up or down: 999_980_000n with 3 reads '0.99998 SOL', not '1.000 SOL';
 * 24_250_000n with 3 reads '0.02425 SOL', not '0.024 SOL'.
 */
export function formatLamports(lamports: bigint, minDecimals = 0): string {
  const [whole, fraction = ''] = lamportsToSolString(lamports).split('.');
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${whole}${decimals ? `.${decimals}` : ''}${SOL_SUFFIX}`;
}

/** A lamport amount as a SOL number, for display and for API fields that SPEC shows in SOL. */
export function lamportsToSol(lamports: bigint): number {
  return Number(lamportsToSolString(lamports));
}

export interface DateFormatOptions {
  /** Add 2-digit hour and minute, 12-hour clock. */
  withTime?: boolean;
  /** IANA zone; the viewer's own zone when absent. */
  timeZone?: string;
  /** Name the zone after the time ('UTC', 'GMT+1'): where a reader must not guess which clock it is. */
  zoneName?: boolean;
}

/** US-English date, short month: 'Mar 9, 2025' or 'Mar 9, 2025, 03:04 PM'. Missing or invalid: 'N/A'. */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: DateFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  const text = date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(options.withTime ? { hour: '2-digit', minute: '2-digit', hour12: true } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.withTime && options.zoneName ? { timeZoneName: 'short' as const } : {}),
  });
  // Newer ICU puts a narrow no-break space before AM/PM; one plain space reads the same everywhere.
  return text.replace(/\u202f/g, ' ');
}

/** Long strings such as addresses: first 5 + '...' + last 5; 10 characters or fewer shown whole. */
export function shortenAddress(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  return value.length <= 10 ? value : `${value.slice(0, 5)}...${value.slice(-5)}`;
}

/** A count with its noun, singular for exactly one: '1 second', '0 seconds', '10 seconds'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
