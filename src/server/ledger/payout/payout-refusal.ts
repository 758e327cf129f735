import {
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__EXECUTABLE_LAMPORT_CHANGE,
  SOLANA_ERROR__INSTRUCTION_ERROR__READONLY_LAMPORT_CHANGE,
  SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION__INVOKED_PROGRAMS_MUST_NOT_BE_WRITABLE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SOLANA_ERROR__TRANSACTION_ERROR__INVALID_RENT_PAYING_ACCOUNT,
  SOLANA_ERROR__TRANSACTION_ERROR__INVALID_WRITABLE_ACCOUNT,
  type TransactionError,
} from '@solana/kit';
import { isHouseShortfall, solanaErrorOfTransactionError } from './payout-rpc.ts';
import { TRANSFER_INSTRUCTION_INDEX } from './payout-transfer.ts';

/**
 * Why the chain (or Kit, building the message) refused a payout transfer, and whether trying again can help
 * (a refusal no retry can change fails the job). Anything not listed here (RPC 429/5xx, timeouts, an unknown blockhash, an account in
 * use, a transfer already processed) is not a refusal: the job retries with backoff and never fails for it.
 */
export type ChainRefusal =
  /** The house lacked lamports (RELIABILITY 15): the job waits for funds and never fails for it. */
  { kind: 'house-shortfall' } | TransferRefusal;

/** A refusal that counts against the job, as opposed to the house's shortfall. */
export type TransferRefusal =
  /** The recipient can never receive lamports (a sysvar, a program): the job fails at once. */
  | { kind: 'never-payable'; reason: string }
  /** The runtime refused the transfer as things stand (e.g. the recipient would stay below rent exemption). */
  | { kind: 'refused'; reason: string };

/** Kit's instruction-error domain: codes 4615000 to 4615999. */
function isInstructionError(error: Error): error is Error & { context: { index: number | bigint } } {
  if (!isSolanaError(error)) return false;
  const code = error.context.__code;
  return (
    code >= SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN &&
    code < SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN + 1_000
  );
}

/** A transaction or instruction error, as Kit decodes a preflight failure's cause or a landed error. */
function refusalOf(error: unknown): ChainRefusal | undefined {
  if (!(error instanceof Error)) return undefined;
  if (isHouseShortfall(error)) return { kind: 'house-shortfall' };
  const inTransfer = isInstructionError(error) && Number(error.context.index) === TRANSFER_INSTRUCTION_INDEX;
  // The runtime never changes the balance of a read-only (reserved: sysvar, built-in program) or an
  // executable account, so no later try can pay this recipient.
  if (inTransfer && isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__READONLY_LAMPORT_CHANGE)) {
    return {
      kind: 'never-payable',
      reason: `the recipient is a read-only account (sysvar or built-in program): ${error.message}`,
    };
  }
  if (inTransfer && isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__EXECUTABLE_LAMPORT_CHANGE)) {
    return { kind: 'never-payable', reason: `the recipient is an executable account: ${error.message}` };
  }
  if (
    isInstructionError(error) ||
    isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT) ||
    isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INVALID_RENT_PAYING_ACCOUNT) ||
    isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INVALID_WRITABLE_ACCOUNT)
  ) {
    // E.g. a recipient the transfer would leave below the rent-exempt minimum: a deposit by its owner could
    // still make it payable, so this counts toward the worker's bound instead of failing at once.
    return { kind: 'refused', reason: error.message };
  }
  return undefined;
}

/** A sendTransaction refused in preflight: its cause is the simulated transaction's error. */
export function refusalOfSendError(error: unknown): ChainRefusal | undefined {
  if (!isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE))
    return undefined;
  return refusalOf(error.cause);
}

/** A stored transfer that landed with this error. */
export function refusalOfLandedError(err: TransactionError): ChainRefusal | undefined {
  return refusalOf(solanaErrorOfTransactionError(err));
}

/**
 * Kit refused to build the transfer: the recipient is a program the message itself invokes (the System or
 * Compute Budget program), which can never be a writable account. Nothing was signed or sent.
 */
export function refusalOfSigningError(error: unknown): TransferRefusal | undefined {
  if (!isSolanaError(error, SOLANA_ERROR__TRANSACTION__INVOKED_PROGRAMS_MUST_NOT_BE_WRITABLE))
    return undefined;
  return {
    kind: 'never-payable',
    reason: `the recipient is a program the transfer invokes: ${error.message}`,
  };
}
