import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  TRANSFER_COMPUTE_UNIT_LIMIT,
  TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS,
} from '../../../common/rules.ts';
import type { StoredTransfer } from './payout-job.ts';

/** Position of the transfer in the message, so an instruction error can be told apart from the others. */
export const TRANSFER_INSTRUCTION_INDEX = 2;

/**
 * Signs a System transfer of `lamports` from the house wallet to `recipient` with the given blockhash.
 * Nothing is sent: the caller stores the result first (ARCHITECTURE invariant 3).
 */
export async function signPayoutTransfer(options: {
  house: KeyPairSigner;
  recipient: Address;
  lamports: bigint;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
}): Promise<StoredTransfer> {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(options.house, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(options.lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: TRANSFER_COMPUTE_UNIT_LIMIT }),
          getSetComputeUnitPriceInstruction({ microLamports: TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS }),
          getTransferSolInstruction({
            source: options.house,
            destination: options.recipient,
            amount: options.lamports,
          }),
        ],
        m,
      ),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return {
    signature: getSignatureFromTransaction(signed),
    wire: getBase64EncodedWireTransaction(signed),
    lastValidBlockHeight: options.lifetime.lastValidBlockHeight,
  };
}
