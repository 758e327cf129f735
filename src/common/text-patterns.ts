/**
 * The written forms the product reads, each written once: base58 (addresses, signatures, keys, challenge
 * codes) and a UUID (game ids, queue ids). No imports: the client's first page (storage) and rules.ts use
 * them without zod. The whole-text checks built from them are in text-checks.ts.
 */

/** Base58's 58 characters (no 0, O, I or l), as a character class's inside. */
export const BASE58_CLASS = '1-9A-HJ-NP-Za-km-z';
/** The same 58 characters in order, to draw from. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A UUID found anywhere inside a text (SPEC §5: a game id is normalised to the UUID inside the string). */
export const UUID_INSIDE = new RegExp(UUID_SOURCE, 'i');

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;
