import { rpcUrlAnswerSchema } from '../../common/api/player-api.ts';
/** SPEC §7: GET /api/quicknode-url gives the RPC URL; used at 'confirmed' commitment. */
export const PUBLIC_MAINNET_RPC = 'https://api.mainnet-beta.solana.com';
export const FAILED_TO_GET_RPC_URL = 'Failed to get RPC URL';

export async function fetchRpcUrl(fetchImpl: typeof fetch = fetch): Promise<string> {
  const res = await fetchImpl('/api/quicknode-url', { credentials: 'include' });
  if (!res.ok) throw new Error(FAILED_TO_GET_RPC_URL);
  const answer = rpcUrlAnswerSchema.safeParse(await res.json().catch(() => ({})));
  if (!answer.success) {
    console.warn('No RPC URL from the server, using the public mainnet endpoint');
    return PUBLIC_MAINNET_RPC;
  }
  return answer.data.url;
}

/** The PubSub WebSocket beside an RPC URL: ws(s)://host/rpc for this server's own chain. */
export function subscriptionsUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl, globalThis.location?.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
