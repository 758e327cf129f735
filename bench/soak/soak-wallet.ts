import type { KeyPairSigner } from '@solana/kit';
import { type Address, createSolanaRpc, devnet, type Lamports, type Signature } from '@solana/kit';
import { signedTransfer } from '../../test/support/local-chain-server.ts';

export type SoakRpc = ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;

export function soakRpc(baseUrl: string): SoakRpc {
  return createSolanaRpc(devnet(`${baseUrl}/rpc`));
}

/** The faucet's largest airdrop (README: at most 2 SOL). */
const AIRDROP_LAMPORTS = 2_000_000_000n;
/** Network fees and rent exemption kept above a wager before paying. */
const FEE_MARGIN_LAMPORTS = 10_000_000n;

/** Waits, as the product's client does, until the transaction is confirmed (or throws after 60 s). */
export async function confirmed(rpc: SoakRpc, signature: Signature): Promise<void> {
  for (let poll = 0; poll < 240; poll++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`${signature} failed on chain`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${signature} was not confirmed within 60 s`);
}

/** A soak bot's wallet on the product's local chain: tops itself up from the faucet, pays entries. */
export function soakWallet(rpc: SoakRpc, signer: KeyPairSigner, house: Address) {
  return {
    address: signer.address,
    /** Pays `lamports` to the house as the product's client does and returns the confirmed signature. */
    async pay(lamports: bigint): Promise<Signature> {
      const { value: balance } = await rpc.getBalance(signer.address, { commitment: 'confirmed' }).send();
      if (balance < lamports + FEE_MARGIN_LAMPORTS) {
        await confirmed(rpc, await rpc.requestAirdrop(signer.address, AIRDROP_LAMPORTS as Lamports).send());
      }
      const lifetime = (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
      const { wire } = await signedTransfer({ from: signer, to: house, lamports, lifetime });
      const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
      await confirmed(rpc, signature);
      return signature;
    },
  };
}
