import { address, createSolanaRpc } from '@solana/kit';

/**
 * A wallet's balance on the test server's local chain, read the way any Solana client reads it: @solana/kit's
 * getBalance through the product's own /rpc. Lamports, as bigint.
 */
export function chainBalances(serverUrl: string): (wallet: string) => Promise<bigint> {
  const rpc = createSolanaRpc(`${serverUrl}/rpc`);
  return async (wallet) => (await rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
}

/** Polls until `read()` satisfies `done`, or throws with the last value after `timeoutMs`. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await read();
  }
  return last;
}
