import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';

/**
 * The wire bytes of an airdrop: a real System transfer signed by the faucet, so it has a signature, shows
 * up in every history and replays like any other transaction. `nonce` varies the compute unit limit: two
 * equal airdrops in one slot would otherwise be the same transaction and the second would be refused.
 */
export async function signFaucetTransfer(options: {
  faucet: KeyPairSigner;
  recipient: Address;
  lamports: bigint;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  nonce: number;
}): Promise<Uint8Array> {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(options.faucet, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(options.lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: 10_000 + (options.nonce % 1_000_000) }),
          getTransferSolInstruction({
            source: options.faucet,
            destination: options.recipient,
            amount: options.lamports,
          }),
        ],
        m,
      ),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return new Uint8Array(getTransactionEncoder().encode(signed));
}
