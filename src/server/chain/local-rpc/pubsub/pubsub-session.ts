import { stringifyJsonWithBigints } from '../json-with-bigints.ts';
import { checkEncoding } from '../methods/account-methods.ts';
import { JsonRpcError, RPC_ERROR } from '../rpc-errors.ts';
import { parseParams } from '../rpc-params.ts';
import type { PubSubClient, PubSubHub } from './pubsub-hub.ts';
import {
  accountSubscribeParams,
  signatureSubscribeParams,
  slotSubscribeParams,
  unsubscribeParams,
} from './pubsub-params.ts';

type Id = string | number | null;

export interface PubSubSession {
  /** One text frame from the socket. Never throws: every failure is a JSON-RPC error answer. */
  handle(text: string): void;
  /** The socket closed. */
  close(): void;
}

export interface PubSubSessionOptions {
  hub: PubSubHub;
  /** The client address the socket came from (request.ip): the hub caps subscriptions per address. */
  address: string;
  send(text: string): void;
  /** Spends one request of the client address's budget (the /rpc POST limiter); false when it is spent. */
  spend(): boolean;
  /** Told about unexpected failures, which the client only sees as -32603 "Internal error". */
  onInternalError?: (error: unknown, method: string) => void;
}

/** The JSON-RPC answer of a refused request, as the POST endpoint gives it with HTTP 429. */
const TOO_MANY_REQUESTS = { code: 429, message: 'Too many requests' } as const;

const UNSUBSCRIBE_METHODS = new Set(['signatureUnsubscribe', 'accountUnsubscribe', 'slotUnsubscribe']);

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * One socket of the PubSub endpoint: JSON-RPC 2.0 requests in, answers and notifications out, in mainnet's
 * shapes. Requests other than unsubscribes spend the address's request budget; a JSON-RPC notification
 * (Kit's and web3.js' keep-alive `ping`) gets no answer, as JSON-RPC says.
 */
export function openPubSubSession(options: PubSubSessionOptions): PubSubSession {
  const { hub } = options;
  const client: PubSubClient = {
    address: options.address,
    notify(method, result, subscription) {
      options.send(stringifyJsonWithBigints({ jsonrpc: '2.0', method, params: { result, subscription } }));
    },
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    signatureSubscribe(params) {
      const [signature, config] = parseParams(signatureSubscribeParams, params);
      return hub.subscribeSignature(client, signature, {
        commitment: config?.commitment ?? 'finalized',
        receivedNotification: config?.enableReceivedNotification ?? false,
      });
    },
    accountSubscribe(params) {
      const [address, config] = parseParams(accountSubscribeParams, params);
      checkEncoding(config?.encoding ?? 'binary');
      return hub.subscribeAccount(client, address, config ?? {});
    },
    slotSubscribe(params) {
      parseParams(slotSubscribeParams, params);
      return hub.subscribeSlot(client);
    },
  };
  for (const name of UNSUBSCRIBE_METHODS) {
    methods[name] = (params) => {
      const [id] = parseParams(unsubscribeParams, params);
      // Like Agave, any of this socket's subscriptions, whatever its kind.
      if (!hub.unsubscribe(client, id))
        throw new JsonRpcError(RPC_ERROR.INVALID_PARAMS, 'Invalid subscription id.');
      return true;
    };
  }

  const answer = (id: Id, result: unknown) =>
    options.send(stringifyJsonWithBigints({ jsonrpc: '2.0', result, id }));
  const fail = (id: Id, error: { code: number; message: string; data?: unknown }) =>
    options.send(stringifyJsonWithBigints({ jsonrpc: '2.0', error, id }));

  function handle(text: string): void {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      if (options.spend()) fail(null, { code: RPC_ERROR.PARSE_ERROR, message: 'Parse error' });
      return;
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      const message = Array.isArray(request)
        ? 'Invalid request: batches are not served here'
        : 'Invalid request';
      if (options.spend()) fail(null, { code: RPC_ERROR.INVALID_REQUEST, message });
      return;
    }
    const { jsonrpc, method, params, id } = request as Record<string, unknown>;
    const isNotification = !('id' in request);
    if (!(typeof method === 'string' && UNSUBSCRIBE_METHODS.has(method)) && !options.spend()) {
      if (!isNotification) fail(isId(id) ? id : null, TOO_MANY_REQUESTS);
      return;
    }
    if (isNotification) return;
    if (jsonrpc !== '2.0' || typeof method !== 'string' || !isId(id)) {
      fail(isId(id) ? id : null, { code: RPC_ERROR.INVALID_REQUEST, message: 'Invalid request' });
      return;
    }
    if (params !== undefined && params !== null && !Array.isArray(params)) {
      fail(id, {
        code: RPC_ERROR.INVALID_PARAMS,
        message: 'Invalid params: expected an array of positional params',
      });
      return;
    }
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!run) {
      fail(id, { code: RPC_ERROR.METHOD_NOT_FOUND, message: 'Method not found' });
      return;
    }
    try {
      answer(id, run((params as unknown[] | null | undefined) ?? []));
    } catch (error) {
      if (error instanceof JsonRpcError) {
        const { code, message, data } = error;
        fail(id, data === undefined ? { code, message } : { code, message, data });
        return;
      }
      options.onInternalError?.(error, method);
      fail(id, { code: RPC_ERROR.INTERNAL_ERROR, message: 'Internal error' });
    }
  }

  return {
    handle(text) {
      try {
        handle(text);
      } catch (error) {
        // A send on a socket that is closing, or anything unforeseen: the socket, not the server, pays.
        options.onInternalError?.(error, 'message');
      }
    },
    close: () => hub.dropClient(client),
  };
}
