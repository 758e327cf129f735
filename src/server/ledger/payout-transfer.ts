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
import type { StoredTransfer } from './payout-job.ts';

/** SPEC: every transfer the product signs pays 10,000 micro-lamports per compute unit. */
export const COMPUTE_UNIT_PRICE_MICRO_LAMPORTS = 10_000n;
/** Two compute-budget instructions and a System transfer use 450 units; the rest is margin. */
export const PAYOUT_COMPUTE_UNIT_LIMIT = 1_000;
/** Position of the transfer in the message, so an instruction error can be told apart from the others. */
export const TRANSFER_INSTRUCTION_INDEX = 2;
const LAMPORTS_PER_SIGNATURE = 5_000n;

/** 5,000 lamports for the one signature plus ceil(price × limit / 1e6): 5,010 lamports. */
export const PAYOUT_FEE_LAMPORTS =
  LAMPORTS_PER_SIGNATURE +
  (COMPUTE_UNIT_PRICE_MICRO_LAMPORTS * BigInt(PAYOUT_COMPUTE_UNIT_LIMIT) + 999_999n) / 1_000_000n;

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
          getSetComputeUnitLimitInstruction({ units: PAYOUT_COMPUTE_UNIT_LIMIT }),
          getSetComputeUnitPriceInstruction({ microLamports: COMPUTE_UNIT_PRICE_MICRO_LAMPORTS }),
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
