import { isAddress } from '@solana/kit';
import { BASE58_ADDRESS } from './rules.ts';

/**
 * A well-formed Solana address: base58, 32 to 44 characters (BASE58_ADDRESS) that decode to 32 bytes. What the
 * server's routes accept, and all a page shows of a path segment meant to be one (RELIABILITY 36).
 */
export function isWalletAddress(text: string): boolean {
  return BASE58_ADDRESS.test(text) && isAddress(text);
}
