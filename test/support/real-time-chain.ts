import { address, createSolanaRpc, devnet, type KeyPairSigner, lamports } from '@solana/kit';
import { signedTransfer } from '../../src/server/chain/test-support/local-chain-server.ts';

/**
 * A running server's local chain as a player's wallet reaches it (@solana/kit over the product's /rpc), for
 * servers on the real clock (real processes): a transaction is confirmed by polling its status in real time
 * (slots are 400 ms), within a bound. `product-chain.ts` is the same for a server on a fake clock.
 */
export function realTimeChain(serverUrl: string, confirmTimeoutMs = 30_000) {
  const rpc = createSolanaRpc(devnet(`${serverUrl}/rpc`));
  const confirm = async (signature: string) => {
    const deadline = Date.now() + confirmTimeoutMs;
    for (;;) {
      const { value } = await rpc.getSignatureStatuses([signature as never]).send();
      const status = value[0]?.confirmationStatus;
      if (status === 'confirmed' || status === 'finalized') return;
      if (value[0]?.err) throw new Error(`${signature} failed: ${JSON.stringify(value[0].err)}`);
      if (Date.now() > deadline) throw new Error(`${signature} not confirmed within ${confirmTimeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return {
    rpc,
    confirm,
    /** Lamports at 'confirmed'. */
    balance: async (wallet: string) =>
      (await rpc.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value,
    airdrop: async (wallet: string, amount: bigint) =>
      confirm(await rpc.requestAirdrop(address(wallet), lamports(amount)).send()),
    /** A confirmed SOL transfer (an entry fee when `to` is the house wallet); returns its signature. */
    async transfer(from: KeyPairSigner, to: string, amount: bigint) {
      const { value: lifetime } = await rpc.getLatestBlockhash().send();
      const { wire } = await signedTransfer({ from, to: address(to), lamports: amount, lifetime });
      const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      await confirm(signature);
      return signature;
    },
  };
}

export type RealTimeChain = ReturnType<typeof realTimeChain>;
