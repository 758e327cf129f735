import type { LocalChain } from '../local/local-chain.ts';
import { stringifyJsonWithBigints } from './json-with-bigints.ts';
import { createAccountMethods } from './methods/account-methods.ts';
import { createClusterMethods } from './methods/cluster-methods.ts';
import { createHistoryMethods } from './methods/history-methods.ts';
import type { RpcMethods } from './methods/rpc-method.ts';
import { createTransactionMethods } from './methods/transaction-methods.ts';
import { JsonRpcError, RPC_ERROR } from './rpc-errors.ts';

/** Takes a request body, returns the response body ('' when every request was a notification). */
export type RpcHandler = (bodyText: string) => Promise<string>;

export interface RpcHandlerOptions {
  /** Told about unexpected failures, which the client only sees as -32603 "Internal error". */
  onInternalError?: (error: unknown, method: string) => void;
  /** Requests one batch may hold (DEFAULT_MAX_BATCH); a larger batch is refused whole. */
  maxBatch?: number;
  /** The largest requestAirdrop (DEFAULT_MAX_AIRDROP_LAMPORTS). */
  maxAirdropLamports?: bigint;
}

/** A batch runs its requests one after another on the event loop: a cap keeps one HTTP request cheap. */
export const DEFAULT_MAX_BATCH = 20;

type Id = string | number | null;
type Response =
  | { jsonrpc: '2.0'; result: unknown; id: Id }
  | { jsonrpc: '2.0'; error: { code: number; message: string; data?: unknown }; id: Id };

function errorResponse(id: Id, code: number, message: string, data?: unknown): Response {
  return { jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id };
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Solana's JSON-RPC 2.0 over the local chain: single and batch requests, mainnet error codes and shapes. */
export function createRpcHandler(chain: LocalChain, options: RpcHandlerOptions = {}): RpcHandler {
  const methods: RpcMethods = {
    ...createClusterMethods(chain),
    ...createAccountMethods(chain),
    ...createTransactionMethods(chain, { maxAirdropLamports: options.maxAirdropLamports }),
    ...createHistoryMethods(chain),
  };

  async function handleOne(request: unknown): Promise<Response | undefined> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return errorResponse(null, RPC_ERROR.INVALID_REQUEST, 'Invalid request');
    }
    const { jsonrpc, method, params, id } = request as Record<string, unknown>;
    const isNotification = !('id' in request);
    const validId = isId(id) ? id : null;
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !(isNotification || isId(id))) {
      return errorResponse(validId, RPC_ERROR.INVALID_REQUEST, 'Invalid request');
    }
    if (params !== undefined && params !== null && !Array.isArray(params)) {
      return errorResponse(
        validId,
        RPC_ERROR.INVALID_PARAMS,
        'Invalid params: expected an array of positional params',
      );
    }
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!run)
      return isNotification
        ? undefined
        : errorResponse(validId, RPC_ERROR.METHOD_NOT_FOUND, 'Method not found');
    try {
      const result = await run((params as unknown[] | null | undefined) ?? []);
      return isNotification
        ? undefined
        : { jsonrpc: '2.0', result: result === undefined ? null : result, id: validId };
    } catch (error) {
      if (isNotification) return undefined;
      if (error instanceof JsonRpcError) return errorResponse(validId, error.code, error.message, error.data);
      options.onInternalError?.(error, method);
      return errorResponse(validId, RPC_ERROR.INTERNAL_ERROR, 'Internal error');
    }
  }

  return async (bodyText) => {
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return stringifyJsonWithBigints(errorResponse(null, RPC_ERROR.PARSE_ERROR, 'Parse error'));
    }
    if (!Array.isArray(body)) {
      const response = await handleOne(body);
      return response === undefined ? '' : stringifyJsonWithBigints(response);
    }
    if (body.length === 0)
      return stringifyJsonWithBigints(errorResponse(null, RPC_ERROR.INVALID_REQUEST, 'Invalid request'));
    const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    if (body.length > maxBatch) {
      return stringifyJsonWithBigints(
        errorResponse(null, RPC_ERROR.INVALID_REQUEST, `Batch too large: at most ${maxBatch} requests`),
      );
    }
    // One after another, so a batch that sends then asks for the status sees its own transaction.
    const responses: Response[] = [];
    for (const request of body) {
      const response = await handleOne(request);
      if (response) responses.push(response);
    }
    return responses.length === 0 ? '' : stringifyJsonWithBigints(responses);
  };
}
