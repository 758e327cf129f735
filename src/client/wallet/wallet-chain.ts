import {
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';
import { type BalanceReading, fetchBalanceWithRetry } from './balance-fetch.ts';
import { fetchRpcUrl, subscriptionsUrlOf } from './rpc-endpoint.ts';

/** A fixed address for SPEC §7's connection test: the System Program, which every cluster has. */
const CONNECTION_TEST_ADDRESS = address('11111111111111111111111111111111');

export interface WalletChain {
  rpc: Rpc<SolanaRpcApi>;
  rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions>;
  /** SPEC §7/§8 balance in lamports, with the retry rules; 0 with no address; the fallback marked as one. */
  balanceOf(owner: string | null): Promise<BalanceReading>;
  /** SPEC §7 connection test: latest blockhash and a balance; false (and a warning) when it fails. */
  testConnection(): Promise<boolean>;
}

/** The RPC of GET /api/quicknode-url at 'confirmed', and its PubSub WebSocket (ws(s)://host/rpc here). */
export async function openWalletChain(wait: (ms: number) => Promise<void>): Promise<WalletChain> {
  const url = await fetchRpcUrl();
  const rpc = createSolanaRpc(url) as Rpc<SolanaRpcApi>;
  const rpcSubscriptions = createSolanaRpcSubscriptions(subscriptionsUrlOf(url));
  return {
    rpc,
    rpcSubscriptions,
    balanceOf: (owner) =>
      fetchBalanceWithRetry(
        owner,
        async (a) => (await rpc.getBalance(address(a), { commitment: 'confirmed' }).send()).value,
        wait,
      ),
    async testConnection() {
      try {
        await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
        await rpc.getBalance(CONNECTION_TEST_ADDRESS, { commitment: 'confirmed' }).send();
        return true;
      } catch (error) {
        console.warn('The Solana RPC is unreachable: balances may not load', error);
        return false;
      }
    },
  };
}
