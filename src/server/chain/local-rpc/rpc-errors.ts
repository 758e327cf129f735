/** Solana JSON-RPC error codes (JSON-RPC 2.0's own plus Agave's server errors); never renumbered. */
export const RPC_ERROR = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
} as const;

/** An error answered to the client as `{ code, message, data? }`. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export function invalidParams(detail: string): JsonRpcError {
  return new JsonRpcError(RPC_ERROR.INVALID_PARAMS, `Invalid params: ${detail}`);
}

export function commitmentBelowConfirmed(): JsonRpcError {
  return new JsonRpcError(RPC_ERROR.INVALID_PARAMS, 'Method does not support commitment below `confirmed`');
}
