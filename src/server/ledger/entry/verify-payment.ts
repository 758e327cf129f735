import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { z } from 'zod';

/**
 * What the entry check reads of a `getTransaction(…, { encoding: 'jsonParsed', maxSupportedTransactionVersion:
 * 0 })` answer. Kit's response type is assignable to it; the parsed instruction `info` is an untyped object
 * from the RPC and goes through a zod schema.
 */
export interface ParsedTransactionView {
  slot: bigint;
  blockTime: bigint | null;
  version?: 'legacy' | 0 | 1;
  meta: { err: unknown; fee: bigint } | null;
  transaction: {
    signatures: readonly string[];
    message: {
      accountKeys: readonly { pubkey: string; signer: boolean }[];
      instructions: readonly { programId: string; parsed?: { type: string; info?: object } }[];
    };
  };
}

/** Facts kept with the ledger row (raw_blockchain_data). */
export interface ChainEvidence {
  slot: bigint;
  blockTime: bigint;
  feeLamports: bigint;
  version: 'legacy' | 0 | 1;
}

export type PaymentCheck =
  /** Exactly the wager, from the session's wallet (a signer) to the house. */
  | { kind: 'exact'; lamports: bigint; evidence: ChainEvidence }
  /** Real SOL from the session's wallet to the house, but not the wager: it is owed back in full. */
  | { kind: 'wrong_amount'; lamports: bigint; evidence: ChainEvidence }
  | { kind: 'not_transaction_id' }
  | { kind: 'no_meta' }
  | { kind: 'failed'; err: unknown }
  | { kind: 'not_to_house' }
  | { kind: 'not_from_wallet' }
  | { kind: 'nothing_paid' }
  | { kind: 'no_block_time' }
  /** Real SOL from the session's wallet to the house, too old to enter a game: it is owed back in full. */
  | { kind: 'too_old'; ageMs: number; lamports: bigint; evidence: ChainEvidence };

export interface PaymentExpectation {
  signature: string;
  /** The session's proven wallet. */
  walletAddress: string;
  houseWallet: string;
  wagerLamports: bigint;
  nowMs: number;
  recencyWindowMs: number;
}

const lamportsSchema = z.union([
  z.bigint().nonnegative(),
  z
    .number()
    .int()
    .nonnegative()
    .refine(Number.isSafeInteger)
    .transform((n) => BigInt(n)),
]);

/** Agave's parse_system `transfer`: only a plain System transfer moves the player's own SOL. */
const transferInfoSchema = z.object({
  source: z.string(),
  destination: z.string(),
  lamports: lamportsSchema,
});

type Transfer = z.infer<typeof transferInfoSchema>;

/**
 * The top-level System transfers of the transaction (legacy and v0 alike: jsonParsed resolves lookup-table
 * keys). `transferWithSeed` is not accepted: its source is a derived account, not the player's wallet, and the
 * product's client pays with a plain transfer. Token transfers, other programs and inner (CPI) instructions
 * never count.
 */
function systemTransfers(view: ParsedTransactionView): Transfer[] {
  const transfers: Transfer[] = [];
  for (const ix of view.transaction.message.instructions) {
    if (ix.programId !== SYSTEM_PROGRAM_ADDRESS || ix.parsed?.type !== 'transfer') continue;
    const info = transferInfoSchema.safeParse(ix.parsed.info);
    if (info.success) transfers.push(info.data);
  }
  return transfers;
}

/**
 * ARCHITECTURE invariant 2, the chain half: the transaction named by `signature` succeeded, transfers SOL from
 * the session's wallet (which signed it) to the house wallet, and is recent. The amount and the age decide
 * between an entry and a full refund. Pure: the caller looks the transaction up and records the outcome.
 */
export function checkPayment(view: ParsedTransactionView, expected: PaymentExpectation): PaymentCheck {
  // A transaction's id is its first signature; any other would let one payment be presented twice.
  if (view.transaction.signatures[0] !== expected.signature) return { kind: 'not_transaction_id' };
  if (!view.meta) return { kind: 'no_meta' };
  if (view.meta.err !== null && view.meta.err !== undefined) return { kind: 'failed', err: view.meta.err };

  const toHouse = systemTransfers(view).filter((t) => t.destination === expected.houseWallet);
  if (toHouse.length === 0) return { kind: 'not_to_house' };
  const walletSigned = view.transaction.message.accountKeys.some(
    (key) => key.pubkey === expected.walletAddress && key.signer,
  );
  const fromWallet = toHouse.filter((t) => t.source === expected.walletAddress);
  if (!walletSigned || fromWallet.length === 0) return { kind: 'not_from_wallet' };

  if (view.blockTime === null) return { kind: 'no_block_time' };
  // Several transfers to the house in one transaction are one payment: the house received their sum.
  const lamports = fromWallet.reduce((sum, t) => sum + t.lamports, 0n);
  if (lamports === 0n) return { kind: 'nothing_paid' };
  const evidence: ChainEvidence = {
    slot: view.slot,
    blockTime: view.blockTime,
    feeLamports: view.meta.fee,
    version: view.version ?? 'legacy',
  };
  const ageMs = expected.nowMs - Number(view.blockTime) * 1000;
  if (ageMs > expected.recencyWindowMs) return { kind: 'too_old', ageMs, lamports, evidence };
  return lamports === expected.wagerLamports
    ? { kind: 'exact', lamports, evidence }
    : { kind: 'wrong_amount', lamports, evidence };
}
