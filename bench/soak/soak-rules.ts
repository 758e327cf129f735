import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database.ts';
import { games, playerLimits, transactions } from '../../src/server/db/schema/index.ts';

/** What the bots did that a rule of the product's money must answer for, checked once the run has settled. */
export interface SoakFacts {
  /** Every soak player's wallet (the house bot's games are not theirs to check). */
  wallets: ReadonlySet<string>;
  /** Challenges whose challenger closed the tab at once and never came back: their stakes. */
  awayChallengeStakes: readonly string[];
  /** Payments made through a challenge's Solana Action by a wallet that may never sign in. */
  blinkPayments: readonly string[];
  /** Wallets that excluded themselves during the run. */
  excludedWallets: readonly string[];
}

/**
 * A game created this long after a wallet's exclusion began is one it should never have been in. The exclusion's
 * start is the server's clock, a game's creation the database's: on one machine they agree to far better than
 * this, and a pairing that committed just before the exclusion was written is not a breach.
 */
const CLOCK_SLACK_MS = 1_000;

/**
 * The rules the soak's extra players test, read from the settled database (each breach one line):
 * - an away challenger's stake comes back in full: never forfeited to a match it was not present at;
 * - a payment the product's own Action built ends as a match played or a refund in full, never kept;
 * - no paid game of a wallet starts after that wallet excluded itself;
 * - no wallet is in two games at once.
 */
export async function soakRuleBreaches(db: Database, facts: SoakFacts): Promise<string[]> {
  const breaches: string[] = [];
  const entries = async (signatures: readonly string[]) =>
    signatures.length === 0
      ? []
      : db
          .select({
            id: transactions.id,
            signature: transactions.transactionSignature,
            lamports: transactions.amountLamports,
            gameId: transactions.gameId,
          })
          .from(transactions)
          .where(
            and(
              eq(transactions.type, 'entry_fee'),
              inArray(transactions.transactionSignature, [...signatures]),
            ),
          );
  const fullRefundOf = async (entryId: string, lamports: bigint) => {
    const refunds = await db
      .select({ lamports: transactions.amountLamports, status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.type, 'refund'), eq(transactions.originalTransactionId, entryId)));
    return refunds.some((r) => r.status === 'confirmed' && r.lamports === lamports);
  };

  const away = await entries(facts.awayChallengeStakes);
  for (const signature of facts.awayChallengeStakes) {
    const entry = away.find((e) => e.signature === signature);
    if (!entry) breaches.push(`away challenger's stake ${signature} is not in the ledger as an entry fee`);
    else if (!(await fullRefundOf(entry.id, entry.lamports))) {
      breaches.push(`away challenger's stake ${signature} was not refunded in full`);
    }
  }

  const blink = await entries(facts.blinkPayments);
  for (const signature of facts.blinkPayments) {
    const entry = blink.find((e) => e.signature === signature);
    if (!entry) breaches.push(`Blink payment ${signature} is not in the ledger as an entry fee`);
    else if (!entry.gameId && !(await fullRefundOf(entry.id, entry.lamports))) {
      breaches.push(`Blink payment ${signature} neither played a match nor was refunded in full`);
    }
  }

  if (facts.excludedWallets.length > 0) {
    const excluded = await db
      .select({ wallet: playerLimits.walletAddress, from: playerLimits.excludedFrom })
      .from(playerLimits)
      .where(
        and(
          inArray(playerLimits.walletAddress, [...facts.excludedWallets]),
          isNotNull(playerLimits.excludedFrom),
        ),
      );
    for (const { wallet, from } of excluded) {
      const played = await db
        .select({ id: games.id, createdAt: games.createdAt, fee: games.entryFeeLamports })
        .from(games)
        .where(or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet)));
      for (const game of played) {
        if (game.fee > 0n && from && game.createdAt.getTime() > from.getTime() + CLOCK_SLACK_MS) {
          breaches.push(`excluded wallet ${wallet} was paired into paid game ${game.id} after its exclusion`);
        }
      }
    }
  }

  const wallets = [...facts.wallets];
  const played =
    wallets.length === 0
      ? []
      : await db
          .select({
            id: games.id,
            one: games.player1Wallet,
            two: games.player2Wallet,
            from: games.createdAt,
            to: games.endedAt,
          })
          .from(games)
          .where(or(inArray(games.player1Wallet, wallets), inArray(games.player2Wallet, wallets)));
  const byWallet = new Map<string, typeof played>();
  for (const game of played) {
    for (const wallet of [game.one, game.two]) {
      if (!facts.wallets.has(wallet)) continue;
      byWallet.set(wallet, [...(byWallet.get(wallet) ?? []), game]);
    }
  }
  for (const [wallet, list] of byWallet) {
    const sorted = [...list].sort((a, b) => a.from.getTime() - b.from.getTime());
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const game = sorted[i]!;
      if (!before.to || before.to.getTime() > game.from.getTime()) {
        breaches.push(`wallet ${wallet} was in games ${before.id} and ${game.id} at once`);
      }
    }
  }
  return breaches;
}
