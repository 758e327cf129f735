import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SolanaError,
} from '@solana/kit';
import type { ChainRpc } from '../../../chain/chain-rpc.ts';

/** What happens to one JSON-RPC call between the worker and the chain. */
export type RpcFault =
  | { kind: 'pass' }
  /** Never reaches the chain; the caller sees a timeout (a send lost on the way). */
  | { kind: 'drop' }
  /** Reaches the chain and takes effect; the answer is lost and the caller sees a timeout. */
  | { kind: 'lose-answer' }
  /** An HTTP error such as 429 or 503, as Kit's HTTP transport reports it. */
  | { kind: 'http'; status: number }
  /** Answered with this `result` instead of the chain's. */
  | { kind: 'answer'; result: unknown }
  /** A sendTransaction forwarded with preflight off, so a transfer that fails lands (and pays its fee). */
  | { kind: 'skip-preflight' };

function timeout(): Error {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}

/**
 * Test support: a Kit RPC on the chain's URL whose calls go through `decide(method)` first, so a test can
 * lose exactly a `sendTransaction`, or answer every call with 429, without touching the chain.
 */
export function createFaultRpc(url: string, decide: (method: string) => RpcFault): ChainRpc {
  const inner = createDefaultRpcTransport({ url });
  const transport: RpcTransport = async (request) => {
    const payload = request.payload as { id: unknown; method: string };
    const fault = decide(payload.method);
    switch (fault.kind) {
      case 'pass':
        return inner(request);
      case 'drop':
        throw timeout();
      case 'lose-answer':
        await inner(request);
        throw timeout();
      case 'http':
        throw new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
          headers: new Headers(),
          message: fault.status === 429 ? 'Too Many Requests' : 'Injected fault',
          statusCode: fault.status,
        });
      case 'answer':
        return { jsonrpc: '2.0', id: payload.id, result: fault.result } as never;
      case 'skip-preflight': {
        const [wire, config] = (request.payload as { params: [string, object] }).params;
        const params = [wire, { ...config, skipPreflight: true }];
        return inner({ ...request, payload: { ...(request.payload as object), params } });
      }
      default: {
        const unknown: never = fault;
        throw new Error(`unknown fault ${JSON.stringify(unknown)}`);
      }
    }
  };
  return createSolanaRpcFromTransport(transport) as ChainRpc;
}

export const PASS: RpcFault = { kind: 'pass' };
