import type {
  Address,
  GetSignaturesForAddressApi,
  GetTransactionApi,
  Rpc,
  Signature,
  TransactionError,
} from '@solana/kit';

/** The only RPC methods reconciliation calls (STYLE.md 6). */
export type ReconcileRpc = Rpc<GetSignaturesForAddressApi & GetTransactionApi>;

/** One movement of lamports into or out of the house wallet by a System instruction. */
export interface HouseTransfer {
  direction: 'in' | 'out';
  counterparty: Address;
  lamports: bigint;
}

/** A transaction in the house wallet's history, reduced to what the ledger must agree with. */
export interface HouseTransaction {
  signature: Signature;
  slot: bigint;
  err: TransactionError | null;
  /** System transfers touching the house; they moved money only when `err` is null. */
  transfers: HouseTransfer[];
  /** The house wallet's balance change, and the fee it paid when it was the fee payer. */
  balanceChange: bigint;
  feePaid: bigint;
  /** Every account the transaction names: a Solana Action's payment is known by the reference key among them. */
  accountKeys: Address[];
}

/** The slice of a jsonParsed getTransaction answer read here. */
interface ParsedInstruction {
  program?: string;
  parsed?: { type?: string; info?: Record<string, unknown> };
}
interface ParsedTransaction {
  slot: bigint;
  meta: {
    err: TransactionError | null;
    fee: bigint;
    preBalances: readonly bigint[];
    postBalances: readonly bigint[];
    innerInstructions?: readonly { instructions: readonly ParsedInstruction[] }[] | null;
  } | null;
  transaction: {
    message: { accountKeys: readonly { pubkey: Address }[]; instructions: readonly ParsedInstruction[] };
  };
}

/** The System instructions that move lamports, and the fields naming their ends (Agave's jsonParsed). */
const LAMPORT_MOVES: Record<string, { from: string; to: string }> = {
  transfer: { from: 'source', to: 'destination' },
  transferWithSeed: { from: 'source', to: 'destination' },
  createAccount: { from: 'source', to: 'newAccount' },
  createAccountWithSeed: { from: 'source', to: 'newAccount' },
};

function houseTransfers(tx: ParsedTransaction, house: Address): HouseTransfer[] {
  const inner = tx.meta?.innerInstructions?.flatMap((group) => group.instructions) ?? [];
  const transfers: HouseTransfer[] = [];
  for (const ix of [...tx.transaction.message.instructions, ...inner]) {
    const move = ix.program === 'system' && ix.parsed?.type ? LAMPORT_MOVES[ix.parsed.type] : undefined;
    const info = ix.parsed?.info;
    if (!move || !info) continue;
    const from = info[move.from] as Address;
    const to = info[move.to] as Address;
    const lamports = BigInt(info.lamports as bigint | number | string);
    if (from === house && to !== house) transfers.push({ direction: 'out', counterparty: to, lamports });
    else if (to === house && from !== house)
      transfers.push({ direction: 'in', counterparty: from, lamports });
  }
  return transfers;
}

/** Reduces a jsonParsed transaction to the house wallet's view of it. */
export function toHouseTransaction(
  signature: Signature,
  tx: ParsedTransaction,
  house: Address,
): HouseTransaction {
  const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey);
  const index = keys.indexOf(house);
  const pre = tx.meta?.preBalances[index] ?? 0n;
  const post = tx.meta?.postBalances[index] ?? 0n;
  return {
    signature,
    slot: tx.slot,
    err: tx.meta?.err ?? null,
    transfers: houseTransfers(tx, house),
    balanceChange: index >= 0 ? post - pre : 0n,
    feePaid: index === 0 ? (tx.meta?.fee ?? 0n) : 0n,
    accountKeys: keys,
  };
}

/** One transaction of the house's history, jsonParsed, at `confirmed`; throws when the chain does not return it. */
export async function fetchTransaction(rpc: ReconcileRpc, signature: Signature, abortSignal: AbortSignal) {
  const tx = await rpc
    .getTransaction(signature, {
      encoding: 'jsonParsed',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    .send({ abortSignal });
  if (!tx) throw new Error(`${signature} is in the house history but getTransaction does not return it`);
  return tx as unknown as ParsedTransaction;
}

/**
 * Every confirmed transaction of the house wallet, newest first: getSignaturesForAddress paged with
 * `before`, then getTransaction (jsonParsed) for each, a few at a time.
 */
export async function readHouseHistory(
  rpc: ReconcileRpc,
  house: Address,
  options: { pageSize?: number; concurrency?: number; timeoutMs?: number } = {},
): Promise<HouseTransaction[]> {
  const pageSize = options.pageSize ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const signatures: Signature[] = [];
  let before: Signature | undefined;
  for (;;) {
    const page = await rpc
      .getSignaturesForAddress(house, {
        limit: pageSize,
        commitment: 'confirmed',
        ...(before ? { before } : {}),
      })
      .send({ abortSignal: AbortSignal.timeout(timeoutMs) });
    signatures.push(...page.map((entry) => entry.signature));
    if (page.length < pageSize) break;
    before = page[page.length - 1]?.signature;
  }
  const history: HouseTransaction[] = [];
  for (let i = 0; i < signatures.length; i += concurrency) {
    const batch = signatures.slice(i, i + concurrency);
    const txs = await Promise.all(
      batch.map((signature) => fetchTransaction(rpc, signature, AbortSignal.timeout(timeoutMs))),
    );
    txs.forEach((tx, j) => {
      history.push(toHouseTransaction(batch[j] as Signature, tx, house));
    });
  }
  return history;
}
