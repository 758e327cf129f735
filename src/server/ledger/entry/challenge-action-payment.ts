import { createHash } from 'node:crypto';
import { type Address, getAddressDecoder } from '@solana/kit';
import { inArray } from 'drizzle-orm';
import { type GameModeId, getGameMode } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { challengeActionReferences } from '../../db/schema/index.ts';
import { challengeByCode } from '../../game/store/challenge-rows.ts';

/**
 * A payment made through a challenge's Solana Action (a Blink): the entry transfer the product built carries
 * the challenge's reference key as a read-only account, and the key is recorded when the Action builds it
 * (challenge_action_references). Such a payment is the product's: it becomes the payer's entry when that
 * wallet accepts with it, and otherwise it is refunded in full (ARCHITECTURE invariant 10), even though the
 * payer may never have signed in.
 */

/** The read-only key a challenge's Action payment carries: derived from its code, the same on every node. */
export function challengeReference(code: string): Address {
  const digest = createHash('sha256').update(`retro-pong:challenge:${code}`).digest();
  return getAddressDecoder().decode(digest);
}

/** Written before the Action answers its transaction, so no payment it built carries an unknown key. */
export async function recordChallengeReference(db: Database, code: string, at: Date): Promise<void> {
  await db
    .insert(challengeActionReferences)
    .values({ reference: challengeReference(code), challengeCode: code, createdAt: at })
    .onConflictDoNothing({ target: challengeActionReferences.reference });
}

/** Of these account keys, the recorded reference keys, and the challenge code each names. */
export async function challengeCodesReferenced(
  db: Database,
  accountKeys: readonly string[],
): Promise<Map<string, string>> {
  if (accountKeys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(challengeActionReferences)
    .where(inArray(challengeActionReferences.reference, [...new Set(accountKeys)]));
  return new Map(rows.map((row) => [row.reference, row.challengeCode]));
}

export interface BlinkPayment {
  code: string;
  mode: GameModeId;
  /** While the challenge is active, its expiry (ms): till then the payer may yet accept with this payment. */
  activeUntil: number | null;
}

/** As the challenge's link reads it (challengeStatusOf): open while active and not past its expiry. */
export const challengeStillOpen = (blink: BlinkPayment, now: number) =>
  blink.activeUntil !== null && blink.activeUntil > now;

/**
 * The challenge a house transfer of `lamports` paid through its Action, when the transaction names exactly
 * one recorded reference key and the amount is that challenge's wager (what the Action built); else null.
 */
export async function blinkPaymentOf(
  db: Database,
  accountKeys: readonly string[],
  lamports: bigint,
): Promise<BlinkPayment | null> {
  const codes = [...new Set((await challengeCodesReferenced(db, accountKeys)).values())];
  const [code] = codes;
  if (codes.length !== 1 || !code) return null;
  const found = await challengeByCode(db, code);
  if (!found || getGameMode(found.entry.mode).wagerLamports !== lamports) return null;
  const activeUntil = found.status === 'active' ? (found.entry.challenge?.expiresAt ?? 0) : null;
  return { code, mode: found.entry.mode, activeUntil };
}
