import { BASE58_CLASS, UUID_SOURCE } from './text-patterns.ts';

/**
 * Whole-text checks built from text-patterns.ts, apart from it so the first page (which needs only the
 * patterns) does not carry them.
 */

/** A text of base58 characters only, one or more. */
export const BASE58_TEXT = new RegExp(`^[${BASE58_CLASS}]+$`);
/** Every character that is not base58 (global: for `replace`). */
export const NOT_BASE58 = new RegExp(`[^${BASE58_CLASS}]`, 'g');
/** A text that is one UUID and nothing else. */
export const UUID_ONLY = new RegExp(`^${UUID_SOURCE}$`, 'i');
