import type { Address, Signature } from '@solana/kit';
import type { TransactionErrorJson } from './transaction-error.ts';

export interface CompiledInstructionJson {
  programIdIndex: number;
  accounts: number[];
  /** base58, as mainnet's `json` encoding writes instruction data */
  data: string;
  stackHeight: number | null;
}

export interface InnerInstructionsJson {
  index: number;
  instructions: CompiledInstructionJson[];
}

/** What the runtime reported for a landed transaction, computed once and kept in the log. */
export interface RecordedMeta {
  err: TransactionErrorJson | null;
  /** Σ pre balances − Σ post balances: inside a transaction lamports only leave as the fee. */
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
  innerInstructions: InnerInstructionsJson[];
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  /** base64 data and the program that set it; null when no program returned data. */
  returnData: { programId: Address; data: string } | null;
}

/** A transaction that landed in a block (successfully or not: a failed one still paid its fee). */
export interface LandedTransaction {
  /** Position in the write-ahead log, 1-based; orders transactions within a slot. */
  seq: number;
  signature: Signature;
  slot: bigint;
  blockTime: bigint;
  wire: Uint8Array;
  /** Static keys then loaded (lookup table) keys: the order meta's balances and indexes follow. */
  accountKeys: Address[];
  meta: RecordedMeta;
}
