import type { Signature } from '@solana/kit';
import { inArray } from 'drizzle-orm';
import type { ChainRpc } from '../../chain/chain-rpc.ts';
import type { Database } from '../../db/database.ts';
import { transactions } from '../../db/schema/index.ts';
import { challengeReference } from './challenge-action-payment.ts';
import { fetchParsedTransaction } from './verify-lookup.ts';
import { checkPayment } from './verify-payment.ts';

/** A page of a challenge's reference transactions (newest first), and how many pages one lookup reads. */
const ACTION_PAYMENT_PAGE_SIZE = 100;
const ACTION_PAYMENT_LOOKUP_PAGES = 10;
/** Block times and the server's clock may disagree by this much; older than the challenge less this is not it. */
const BLOCK_TIME_SKEW_MS = 5 * 60_000;

export type ActionPaymentRpc = Pick<ChainRpc, 'getSignaturesForAddress' | 'getTransaction'>;

/**
 * The wallet's payment of a challenge's entry made through its Action, not yet taken as an entry nor
 * refunded (no ledger row has its signature): the newest confirmed transfer carrying the challenge's
 * reference key that pays exactly the mode's wager from this wallet to the house. Anyone can name the key in
 * transactions of their own, so the lookup pages back through all of them (`before`) until it finds the
 * payment or reaches the challenge's creation (nothing older can carry its key), at most
 * ACTION_PAYMENT_LOOKUP_PAGES pages; a payment hidden deeper than that is not lost, the payment sweeper
 * refunds it in full once the challenge closes. Any age: one too old to be an entry is refunded in full by
 * the verifier when it is sent.
 */
export async function findActionPayment(
  deps: { db: Database; rpc: ActionPaymentRpc; houseWallet: string; now: number },
  request: { code: string; walletAddress: string; wagerLamports: bigint; createdAt: number },
): Promise<string | null> {
  const oldest = request.createdAt - BLOCK_TIME_SKEW_MS;
  let before: Signature | undefined;
  for (let page = 0; page < ACTION_PAYMENT_LOOKUP_PAGES; page++) {
    const listed = await deps.rpc
      .getSignaturesForAddress(challengeReference(request.code), {
        limit: ACTION_PAYMENT_PAGE_SIZE,
        commitment: 'confirmed',
        ...(before ? { before } : {}),
      })
      .send();
    const young = listed.filter(
      (entry) => entry.blockTime === null || Number(entry.blockTime) * 1000 >= oldest,
    );
    const landed = young.filter((entry) => !entry.err).map((entry) => entry.signature);
    const used = await signaturesInLedger(deps.db, landed);
    for (const signature of landed) {
      if (used.has(signature)) continue;
      if (await paysTheEntry(deps, request, signature)) return signature;
    }
    if (listed.length < ACTION_PAYMENT_PAGE_SIZE || young.length < listed.length) return null;
    before = listed[listed.length - 1]?.signature;
  }
  return null;
}

/** Which of these signatures a ledger row has already (taken as an entry, or refunded). */
async function signaturesInLedger(
  db: Database,
  signatures: readonly string[],
): Promise<ReadonlySet<string | null>> {
  if (signatures.length === 0) return new Set();
  const rows = await db
    .select({ signature: transactions.transactionSignature })
    .from(transactions)
    .where(inArray(transactions.transactionSignature, [...signatures]));
  return new Set(rows.map((row) => row.signature));
}

/** Whether the transaction pays exactly the wager from this wallet to the house (verify-payment.ts). */
async function paysTheEntry(
  deps: Parameters<typeof findActionPayment>[0],
  request: { walletAddress: string; wagerLamports: bigint },
  signature: Signature,
): Promise<boolean> {
  const landed = await fetchParsedTransaction(deps.rpc, signature);
  if (!landed) return false;
  const check = checkPayment(landed, {
    signature,
    walletAddress: request.walletAddress,
    houseWallet: deps.houseWallet,
    wagerLamports: request.wagerLamports,
    nowMs: deps.now,
    recencyWindowMs: Number.MAX_SAFE_INTEGER,
  });
  return check.kind === 'exact';
}
