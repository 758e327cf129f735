import {
  type GetBalanceApi,
  type GetBlockHeightApi,
  type GetLatestBlockhashApi,
  type GetMinimumBalanceForRentExemptionApi,
  type GetSignatureStatusesApi,
  type GetTransactionApi,
  getSolanaErrorFromTransactionError,
  isSolanaError,
  type Rpc,
  type SendTransactionApi,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  type TransactionError,
} from '@solana/kit';
import { TRANSFER_INSTRUCTION_INDEX } from './payout-transfer.ts';

/** The only RPC methods the payout worker calls (STYLE.md 6). */
export type PayoutRpc = Rpc<
  GetBalanceApi &
    GetBlockHeightApi &
    GetLatestBlockhashApi &
    GetMinimumBalanceForRentExemptionApi &
    GetSignatureStatusesApi &
    GetTransactionApi &
    SendTransactionApi
>;

/** Kit's transport has no timeout of its own; a hung RPC must not hold a claimed job past its lease. */
export function send<T>(
  request: { send(options?: { abortSignal?: AbortSignal }): Promise<T> },
  timeoutMs: number,
) {
  return request.send({ abortSignal: AbortSignal.timeout(timeoutMs) });
}

/** The house (index 0, the fee payer) lacked lamports: for the fee, for staying rent-exempt, or for the transfer. */
export function isHouseShortfall(error: unknown): boolean {
  if (!isSolanaError(error)) return false;
  if (isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE)) return true;
  if (isSolanaError(error, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)) {
    return Number(error.context.accountIndex) === 0;
  }
  if (isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS)) return true;
  // The System program's ResultWithNegativeLamports (custom error 1) in the transfer instruction.
  if (isSolanaError(error, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)) {
    return Number(error.context.index) === TRANSFER_INSTRUCTION_INDEX && Number(error.context.code) === 1;
  }
  return false;
}

/** A transaction that landed with this error failed because the house wallet could not pay. */
export function isInsufficientFundsTransactionError(err: TransactionError): boolean {
  const error = solanaErrorOfTransactionError(err);
  return error !== undefined && isHouseShortfall(error);
}

/** A landed transaction's error as Kit's SolanaError (as a preflight failure carries it); undefined if unknown. */
export function solanaErrorOfTransactionError(err: TransactionError): Error | undefined {
  // Kit hands JSON numbers over as bigints; the error mapper expects the wire's plain numbers.
  const plain = JSON.parse(JSON.stringify(err, (_key, v) => (typeof v === 'bigint' ? Number(v) : v)));
  try {
    return getSolanaErrorFromTransactionError(plain);
  } catch {
    return undefined;
  }
}

/** For last_error and logs: Kit's message plus the server's own words when it sent some. */
export function describeRpcError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 500);
}

/** JSON for jsonb columns: bigints as decimal strings. */
export function toJsonValue(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}
