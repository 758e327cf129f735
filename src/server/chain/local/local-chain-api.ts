import type { Address, Blockhash, MaybeEncodedAccount, Signature } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import type { Commitment } from './slot-schedule.ts';
import type { TransactionErrorJson } from './transaction-error.ts';
import type { SimulationOutcome } from './transaction-executor.ts';
import type { LandedTransaction } from './transaction-record.ts';
import type { CompiledMessage } from './wire-transaction.ts';

export type { Commitment } from './slot-schedule.ts';

export interface LocalChainOptions {
  /** The chain lives in `<dataDir>/chain/`. */
  dataDir: string;
  clock: Clock;
  slotMs?: number;
  /** Log records between two snapshots; the replay after a crash is at most this long. */
  snapshotEvery?: number;
  /**
   * Told about a periodic snapshot that could not be written. The transaction that triggered it is
   * already durable in the log, so its sender still gets its answer; the next record retries.
   */
  onSnapshotError?: (error: unknown) => void;
}

export interface SignatureStatus {
  slot: bigint;
  /** null once finalized, as on mainnet */
  confirmations: bigint | null;
  err: TransactionErrorJson | null;
  confirmationStatus: Commitment;
}

export interface SimulationResult extends SimulationOutcome {
  fee: bigint;
  replacementBlockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint } | null;
}

export type SendOutcome =
  /** Landed, or (without preflight) silently dropped as mainnet drops what cannot land. */
  | { kind: 'accepted'; signature: Signature }
  | { kind: 'signature-verification-failed' }
  | { kind: 'preflight-failed'; simulation: SimulationResult };

/** The embedded chain; the JSON-RPC handler and the house wallet are its clients. */
export interface LocalChain {
  readonly genesisHash: string;
  readonly faucetAddress: Address;
  /** The processed slot; slots follow the injected clock. */
  currentSlot(): bigint;
  slot(commitment: Commitment): bigint;
  blockHeight(commitment: Commitment): bigint;
  latestBlockhash(commitment: Commitment): {
    slot: bigint;
    blockhash: Blockhash;
    lastValidBlockHeight: bigint;
  };
  isBlockhashValid(blockhash: string, commitment: Commitment): boolean;
  getAccount(address: Address): MaybeEncodedAccount;
  getBalance(address: Address): bigint;
  minimumBalanceForRentExemption(space: bigint): bigint;
  /** null when the message's blockhash is unknown or expired, as mainnet answers. */
  feeForMessage(message: CompiledMessage): bigint | null;
  /** Throws InvalidTransactionError for bytes that are not a transaction. */
  simulateTransaction(
    wire: Uint8Array,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Promise<SimulationResult | 'signature-verification-failed'>;
  /** Resolves once a transaction that landed is in the fsynced log. Throws InvalidTransactionError. */
  sendTransaction(wire: Uint8Array, options: { skipPreflight: boolean }): Promise<SendOutcome>;
  /** A real System transfer from the faucet; it has landed (processed) when this resolves. */
  requestAirdrop(address: Address, lamports: bigint): Promise<Signature>;
  signatureStatus(signature: string, searchTransactionHistory: boolean): SignatureStatus | null;
  /** Only transactions at least as committed as asked for, as on mainnet. */
  getTransaction(signature: string, commitment: 'confirmed' | 'finalized'): LandedTransaction | null;
  signaturesForAddress(
    address: Address,
    query: { limit: number; before?: string; until?: string; commitment: 'confirmed' | 'finalized' },
  ): LandedTransaction[];
  transactionCount(): bigint;
  /**
   * Told, synchronously, of every transaction that lands (processed), once it is in the log and the
   * history: the runtime then holds exactly its post-state, which account subscriptions capture. A throwing
   * listener is ignored. Returns the function that stops the listening.
   */
  onLanded(listener: (transaction: LandedTransaction) => void): () => void;
  /** Writes a snapshot and closes the log; later sends and simulations throw (reads keep answering). */
  close(): Promise<void>;
}

export class AirdropError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AirdropError';
  }
}
