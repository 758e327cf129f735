import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { signedInWallets } from '../db/schema/index.ts';

/**
 * Which wallets have ever signed in to the product (ARCHITECTURE invariant 10): a transfer to the house from
 * one of them is a player's payment, and money nothing claims is sent back to it; a transfer from any other
 * wallet is a stranger's, reported rather than sent back blindly.
 */

/** Called in the transaction that starts a player session, so a session never exists without this row. */
export async function recordSignedInWallet(db: Database, walletAddress: string, at: Date): Promise<void> {
  await db
    .insert(signedInWallets)
    .values({ walletAddress, firstSignedInAt: at, lastSignedInAt: at })
    .onConflictDoUpdate({
      target: signedInWallets.walletAddress,
      set: { lastSignedInAt: sql`greatest(${signedInWallets.lastSignedInAt}, excluded.last_signed_in_at)` },
    });
}

/** The wallets among `wallets` that have signed in at least once. */
export async function signedInAmong(db: Database, wallets: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(wallets)];
  if (list.length === 0) return new Set();
  const rows = await db
    .select({ walletAddress: signedInWallets.walletAddress })
    .from(signedInWallets)
    .where(inArray(signedInWallets.walletAddress, list));
  return new Set(rows.map((r) => r.walletAddress));
}
