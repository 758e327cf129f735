import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  type Rpc,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit';

/** The server's own client of the chain: Kit's RPC, the mainnet API (no airdrops). */
export type ChainRpc = Rpc<SolanaRpcApi>;

/**
 * Kit's RPC client on a URL resolved at each request. The server's embedded chain is reached over HTTP at
 * its own /rpc like any other, so timeouts, 429s and faults between the server and the chain behave as
 * they do with a remote RPC; the URL is known only once the server listens (PORT=0 picks one).
 */
export function createChainRpc(url: string | (() => string), headers: Record<string, string> = {}): ChainRpc {
  const resolve = typeof url === 'string' ? () => url : url;
  let cached: { url: string; transport: RpcTransport } | undefined;
  const transport: RpcTransport = (request) => {
    const current = resolve();
    if (cached?.url !== current)
      cached = {
        url: current,
        // Kit's type forbids Proxy-*/Sec-* and the like by name; these are plain x- headers from openChain.
        transport: createDefaultRpcTransport({
          url: current,
          headers: headers as { [name: `x-${string}`]: string },
        }),
      };
    return cached.transport(request);
  };
  return createSolanaRpcFromTransport(transport) as ChainRpc;
}
