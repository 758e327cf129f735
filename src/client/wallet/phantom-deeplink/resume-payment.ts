import type { Signature } from '@solana/kit';
import { getGameMode } from '../../../common/game-modes.ts';
import { cleanPaymentSignature } from '../../payment/clean-signature.ts';
import { classifyPaymentError } from '../../payment/payment-errors.ts';
import type { PaymentResult, PaymentStatus } from '../wallet-api.ts';
import type { PhantomPaymentAnswer } from './phantom-return.ts';

/**
 * Blocks a blockhash stays usable (Solana's MAX_PROCESSING_AGE). The reloaded page no longer knows the
 * transfer's own lastValidBlockHeight; its blockhash was fetched before the trip to Phantom, so the
 * current height plus this is a bound it cannot outlive.
 */
export const BLOCKHASH_VALID_BLOCKS = 150n;

/**
 * The end of an entry payment Phantom signed and sent by deep link (SPEC §4 payment states from
 * 'processing' on, §7 confirmation, §8 errors): the same PaymentResult the lobby gets from payEntry, so it
 * goes on to findMatch with the cleaned signature, or shows 'Payment Failed'. Null when the answer names
 * no game mode (the page did not send that request through payEntry): there is nothing to resume.
 */
export async function resumePhantomPayment(
  answer: PhantomPaymentAnswer,
  onStatus: (status: PaymentStatus) => void,
  confirm: (signature: Signature) => Promise<void>,
): Promise<PaymentResult | null> {
  if (!answer.gameMode) {
    console.warn('A Phantom payment answer came back without its game mode; it is not resumed');
    return null;
  }
  const result = { amount: getGameMode(answer.gameMode).wagerAmount, gameMode: answer.gameMode };
  if (!answer.ok) {
    onStatus('failed');
    return { success: false, ...result, error: answer.message, errorType: answer.errorType };
  }
  try {
    onStatus('processing');
    await confirm(answer.signature as Signature);
    onStatus('confirmed');
    const cleaned = cleanPaymentSignature(answer.signature);
    return cleaned ? { success: true, signature: cleaned, ...result } : { success: true, ...result };
  } catch (error) {
    onStatus('failed');
    return { success: false, ...result, ...classifyPaymentError(error) };
  }
}
