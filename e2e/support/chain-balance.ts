import { address, createSolanaRpc } from '@solana/kit';

/**
 * A wallet's balance on the test server's local chain, read the way any Solana client reads it: @solana/kit's
 * getBalance through the product's own /rpc. Lamports, as bigint.
 */
export function chainBalances(serverUrl: string): (wallet: string) => Promise<bigint> {
  const rpc = createSolanaRpc(`${serverUrl}/rpc`);
  return async (wallet) => (await rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
}
