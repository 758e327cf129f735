import { BASE58_TEXT, NOT_BASE58 } from '../../common/text-checks.ts';
/**
 * SPEC §5 "Payment signature cleaning before findMatch". Wallets hand back signatures in many shapes (a
 * string, a String object, text with spaces or a 0x prefix); the game channel only takes base58 text.
 * Returns the cleaned signature, or null when nothing usable is left (the caller leaves it out of findMatch
 * and only logs it).
 */

import { SIGNATURE_MIN_LENGTH } from '../../common/rules.ts';

/** What String() makes of values that are not signatures: objects, undefined and null. */
const CONVERSION_LEFTOVER = /^(\[object [^\]]*\]|undefined|null)$/;

export function cleanPaymentSignature(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const converted = typeof value === 'string' ? value : String(value);
  if (CONVERSION_LEFTOVER.test(converted.trim())) return null;
  let text = converted.trim();
  if (text.startsWith('0x')) text = text.slice(2);
  if (text.length < SIGNATURE_MIN_LENGTH) return null;
  if (BASE58_TEXT.test(text)) return text;
  const stripped = text.replace(NOT_BASE58, '');
  return stripped.length >= SIGNATURE_MIN_LENGTH ? stripped : null;
}
