/** One JSON-RPC method: positional params in, a JSON-able result (bigints allowed) out. */
export type RpcMethod = (params: unknown[]) => unknown;

export type RpcMethods = Record<string, RpcMethod>;
