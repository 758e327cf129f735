import { isSignature, type Signature } from '@solana/kit';
import { BASE58_TEXT } from '../../../common/text-checks.ts';

/**
 * RELIABILITY 9: a transaction signature is base58 text that decodes to exactly 64 bytes. Checked before any
 * RPC call, so junk never reaches the chain's endpoint. Kit's `isSignature` throws on characters outside the
 * base58 alphabet, hence the pattern first.
 */
export function isWellFormedSignature(text: unknown): text is Signature {
  if (typeof text !== 'string' || !BASE58_TEXT.test(text)) return false;
  try {
    return isSignature(text);
  } catch {
    return false;
  }
}
