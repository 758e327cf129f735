/**
 * What an entry payment (SPEC §7) costs the player's wallet beyond the wager, in lamports, so that a mode
 * shown as affordable is one whose transfer the chain will accept.
 *
 * - The network fee of a transfer (rules.ts): 5,000 lamports for the one signature plus the priority fee,
 *   ceil(compute-unit price × compute-unit limit / 1e6). SPEC §7 fixes the price (10,000 micro-lamports); the
 *   client sets the limit (src/common/entry-transfer.ts), so the fee is known exactly: 5,010.
 * - Rent: a System transfer may not leave its source with a balance above zero but below the rent-exempt
 *   minimum of an account without data (890,880 lamports on every public cluster; LiteSVM the same). The
 *   chain refuses it ('insufficient funds for rent'). Paying the wallet down to exactly zero is allowed.
 */

import { TRANSFER_NETWORK_FEE_LAMPORTS } from './rules.ts';

/** Rent-exempt minimum of a 0-byte System account: (128 + 0) bytes × 3,480 lamports/byte-year × 2 years. */
export const RENT_EXEMPT_MINIMUM_LAMPORTS = 890_880n;

/**
 * The balance that pays an entry of `wagerLamports` and leaves the wallet rent-exempt: wager + network fee
 * + the rent-exempt minimum. 0 for a free mode (no transaction at all).
 */
export function entryLamportsNeeded(wagerLamports: bigint): bigint {
  if (wagerLamports <= 0n) return 0n;
  return wagerLamports + TRANSFER_NETWORK_FEE_LAMPORTS + RENT_EXEMPT_MINIMUM_LAMPORTS;
}

/**
 * Whether the chain accepts the entry transfer from a wallet holding `balanceLamports`: what is left after
 * wager and fee is either nothing or at least the rent-exempt minimum.
 */
export function canPayEntry(balanceLamports: bigint, wagerLamports: bigint): boolean {
  if (wagerLamports <= 0n) return true;
  const left = balanceLamports - wagerLamports - TRANSFER_NETWORK_FEE_LAMPORTS;
  return left === 0n || left >= RENT_EXEMPT_MINIMUM_LAMPORTS;
}
