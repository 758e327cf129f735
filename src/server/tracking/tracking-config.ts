import { z } from 'zod';
import { LAMPORTS_PER_SOL } from '../../common/format.ts';

/**
 * SPEC §1: players may not be in the United States, the United Kingdom, Hong Kong, Singapore, Malta or a
 * sanctioned country. "Sanctioned" is read as the countries under comprehensive embargo (Cuba, Iran, North
 * Korea, Syria); an operator whose counsel says otherwise sets RESTRICTED_COUNTRIES.
 */
export const DEFAULT_RESTRICTED_COUNTRIES = ['US', 'GB', 'HK', 'SG', 'MT', 'CU', 'IR', 'KP', 'SY'] as const;

export const RESTRICTED_COUNTRIES_EXPECTED =
  'must be a comma-separated list of ISO 3166-1 alpha-2 country codes such as US,GB, or empty (or none) to restrict none';

/** RESTRICTED_COUNTRIES: unset → SPEC's list; '' or 'none' → no restriction; else the codes given. */
export const restrictedCountriesSchema = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    if (raw === undefined) return [...DEFAULT_RESTRICTED_COUNTRIES];
    const value = raw.trim();
    if (value === '' || value.toLowerCase() === 'none') return [];
    const codes = value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
    if (codes.length === 0 || !codes.every((code) => /^[A-Z]{2}$/.test(code))) {
      ctx.addIssue({ code: 'custom', message: RESTRICTED_COUNTRIES_EXPECTED });
      return z.NEVER;
    }
    return [...new Set(codes)];
  });

/** Below this house balance a critical system event is recorded (once per crossing). */
export const DEFAULT_HOUSE_BALANCE_FLOOR_SOL = '50';

export const SOL_AMOUNT_EXPECTED = 'must be an amount of SOL such as 50 or 12.5 (at most 9 decimals)';

/** A SOL amount in decimal text to lamports, digit by digit: never through a float (ARCHITECTURE invariant 1). */
export const solAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,9})?$/)
  .transform((text) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole) * LAMPORTS_PER_SOL + BigInt(fraction.padEnd(9, '0'));
  });
