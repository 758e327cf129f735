import { address, createSolanaRpc, devnet, type KeyPairSigner, lamports } from '@solana/kit';
import type { FakeClock } from '../../src/common/clock.ts';
import { signedTransfer } from './local-chain-server.ts';

type ChainRpc = ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;

/**
 * A running server's local chain as a player's wallet reaches it: @solana/kit over the product's own /rpc,
 * its balances, airdrops and confirmed transfers. How a transaction is waited for depends on the server's
 * clock: `productChain` moves a fake clock on, `realTimeChain` (real-time-chain.ts) polls in real time.
 */
export function walletChain(
  serverUrl: string,
  confirmWith: (rpc: ChainRpc, signature: string) => Promise<void>,
) {
  const rpc = createSolanaRpc(devnet(`${serverUrl}/rpc`));
  const confirm = (signature: string) => confirmWith(rpc, signature);
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

/** The chain of a server on the test's fake clock: confirming moves the clock on until the slot is confirmed. */
export function productChain(serverUrl: string, clock: FakeClock) {
  return walletChain(serverUrl, async (rpc, signature) => {
    for (let poll = 0; poll < 50; poll++) {
      const { value } = await rpc.getSignatureStatuses([signature as never]).send();
      const status = value[0]?.confirmationStatus;
      if (status === 'confirmed' || status === 'finalized') return;
      clock.advance(400);
    }
    throw new Error(`${signature} not confirmed`);
  });
}
