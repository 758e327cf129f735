import { address, createSolanaRpc, devnet, type KeyPairSigner, lamports } from '@solana/kit';
import type { FakeClock } from '../../src/common/clock.ts';
import { signedTransfer } from '../../src/server/chain/test-support/local-chain-server.ts';

/**
 * A running server's local chain as a player's wallet reaches it: @solana/kit over the product's own /rpc,
 * on the test's fake clock (confirming a transaction moves the clock on until its slot is confirmed).
 */
export function productChain(serverUrl: string, clock: FakeClock) {
  const rpc = createSolanaRpc(devnet(`${serverUrl}/rpc`));
  const confirm = async (signature: string) => {
    for (let poll = 0; poll < 50; poll++) {
      const { value } = await rpc.getSignatureStatuses([signature as never]).send();
      const status = value[0]?.confirmationStatus;
      if (status === 'confirmed' || status === 'finalized') return;
      clock.advance(400);
    }
    throw new Error(`${signature} not confirmed`);
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
