import {
  isSolanaError,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
} from '@solana/kit';
import type { PaymentErrorType } from '../wallet/wallet-api.ts';

/** SPEC §8 payment error messages, by errorType (generic carries the raw message instead). */
export const PAYMENT_ERROR_MESSAGES = {
  user_rejected: 'Transaction rejected by user',
  insufficient_funds: 'Insufficient funds for transaction',
  timeout: 'Transaction confirmation timed out - check your wallet for status',
  network: 'Network connection issue while processing transaction',
  buffer: 'Browser compatibility issue with wallet',
} as const satisfies Record<Exclude<PaymentErrorType, 'generic'>, string>;

/** SPEC §8 "other messages" of the payment path. */
export const WALLET_NOT_CONNECTED = 'Wallet not connected';
export const WALLET_PROVIDER_NOT_FOUND = 'Wallet provider not found';
export const NO_SIGNING_METHOD = "Wallet doesn't support any transaction signing methods";
export const FAILED_TO_CREATE_TRANSACTION = 'Failed to create transaction';
export const transactionFailed = (details: string) => `Transaction failed: ${details}`;
export const transactionProcessedButFailed = (details: string) =>
  `Transaction processed but failed: ${details}`;

/** An error the payment path raises itself, already in SPEC §8's words. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly errorType: PaymentErrorType,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentError';
  }
}

export interface ClassifiedPaymentError {
  error: string;
  errorType: PaymentErrorType;
}

const REJECTED =
  /user rejected|rejected the request|request rejected|user denied|denied by user|cancell?ed by user|user cancell?ed|declined|user abort/i;
const INSUFFICIENT =
  /insufficient (funds|lamports|balance)|no record of a prior credit|not enough (sol|funds|balance)/i;
const TIMEOUT = /timed? ?out|block height exceeded|blockhash not found|has expired|expired blockhash/i;
const NETWORK =
  /network|failed to fetch|fetch failed|load failed|connection (refused|reset|closed|error)|econnrefused|econnreset|socket hang up|websocket/i;
const BUFFER = /\bbuffer\b/i;

/** An error, its causes, and what a wallet puts beside them (code 4001, simulation logs), as text to match. */
function describeChain(error: unknown): { texts: string[]; codes: unknown[]; solana: unknown[] } {
  const texts: string[] = [];
  const codes: unknown[] = [];
  const solana: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (typeof current === 'string') {
      texts.push(current);
      break;
    }
    if (typeof current !== 'object') break;
    const record = current as {
      message?: unknown;
      code?: unknown;
      cause?: unknown;
      context?: unknown;
      error?: unknown;
    };
    if (typeof record.message === 'string') texts.push(record.message);
    if (record.code !== undefined) codes.push(record.code);
    if (isSolanaError(current)) {
      solana.push(current);
      const logs = (record.context as { logs?: unknown } | undefined)?.logs;
      if (Array.isArray(logs)) texts.push(...logs.filter((l): l is string => typeof l === 'string'));
    }
    // A JSON-RPC answer or a wallet's wrapper carries the error one level down, as `error`.
    current = record.cause ?? (typeof record.error === 'object' ? record.error : undefined);
  }
  return { texts, codes, solana };
}

function hasSolanaCode(errors: unknown[], ...codes: number[]): boolean {
  return errors.some((e) => codes.some((code) => isSolanaError(e, code as never)));
}

function isHttpStatus(errors: unknown[], test: (status: number) => boolean): boolean {
  return errors.some(
    (e) =>
      isSolanaError(e, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) &&
      test((e.context as { statusCode: number }).statusCode),
  );
}

/**
 * SPEC §8 payment error catalogue: user rejection, insufficient funds or lamports, timeout (expiry of the
 * blockhash included), network, buffer problems, else the raw message. Kit's production builds strip error
 * messages, so Kit errors are read by code and by their simulation logs, wallets' by code 4001 and text.
 */
export function classifyPaymentError(error: unknown): ClassifiedPaymentError {
  if (error instanceof PaymentError) return { error: error.message, errorType: error.errorType };
  const { texts, codes, solana } = describeChain(error);
  const text = texts.join('\n');
  const of = (errorType: Exclude<PaymentErrorType, 'generic'>) => ({
    error: PAYMENT_ERROR_MESSAGES[errorType],
    errorType,
  });

  if (codes.includes(4001) || REJECTED.test(text)) return of('user_rejected');
  if (
    hasSolanaCode(
      solana,
      SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
      SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
      SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
      SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
    ) ||
    INSUFFICIENT.test(text)
  ) {
    return of('insufficient_funds');
  }
  if (hasSolanaCode(solana, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED) || TIMEOUT.test(text)) return of('timeout');
  // A refused simulation is the chain's answer, not the network's, whatever its text says.
  const simulated = hasSolanaCode(
    solana,
    SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  );
  if (!simulated && (isHttpStatus(solana, (s) => s === 429 || s >= 500) || NETWORK.test(text))) {
    return of('network');
  }
  if (BUFFER.test(text)) return of('buffer');
  return { error: rawMessage(error, texts, codes), errorType: 'generic' };
}

/** Kit's production builds end every message with how a developer decodes it: not for a player. */
const KIT_DECODE_HINT = /;?\s*Decode this error by running[\s\S]*$/;

/**
 * SPEC §8's "raw message" of an error no rule names: the first message of the chain, without Kit's decoding
 * hint; an error that carries no message at all is named by its code, never as '[object Object]'.
 */
function rawMessage(error: unknown, texts: string[], codes: unknown[]): string {
  const first = texts.map((t) => t.replace(KIT_DECODE_HINT, '').trim()).find((t) => t.length > 0);
  if (first !== undefined) return first;
  const code = codes.find((c) => typeof c === 'number' || typeof c === 'string');
  if (code !== undefined) return `Unknown error (code ${code})`;
  if (typeof error === 'number' || typeof error === 'bigint' || typeof error === 'boolean')
    return String(error);
  return 'Unknown error';
}
