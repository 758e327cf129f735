import { ERROR_MESSAGES } from '../../../common/protocol.ts';
import { solText as sol } from '../../../common/refund-texts.ts';

/** JSON that tolerates the bigints Kit puts in RPC answers. */
function describeError(err: unknown): string {
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err, (_key, value) => (typeof value === 'bigint' ? Number(value) : value));
  } catch {
    return String(err);
  }
}

/**
 * What a player is told when an entry payment is refused. SPEC §8's words where SPEC has them (a landed but
 * failed transaction, a missing payment); the rest say what happened and what to do. The codes that go with
 * them (passing or final) are the verifier's (entry-verifier.ts).
 */
export const ENTRY_MESSAGES = {
  paymentRequired: ERROR_MESSAGES.paymentRequired,
  practiceIsFree: 'Free Play needs no payment',
  malformedSignature: 'Invalid payment signature: expected a base58 transaction signature of 64 bytes',
  alreadyUsed: 'This payment has already been used',
  notFoundYet:
    'Payment not visible on chain yet. It has not been used: the same payment can be submitted again in a moment',
  unavailable:
    'Payment could not be verified right now (network connection issue). It has not been used: please try again in a moment with the same payment',
  notRecorded: 'Payment could not be recorded right now. Please try again in a moment with the same payment',
  notTransactionId: 'This signature is not the payment transaction’s own signature',
  noMeta: 'Payment details are not available from the chain',
  notToHouse: 'This transaction is not a SOL transfer to the house wallet',
  notFromWallet: 'This payment was not made by your connected wallet',
  nothingPaid: 'This payment transfers no SOL',
  noBlockTime: 'The time of this payment is not known yet, please try again in a moment',
  tooOld: (paidLamports: bigint) =>
    `This payment is more than 10 minutes old and can no longer be used to enter a game: the full ${sol(paidLamports)} will be refunded to your wallet`,
  failed: (err: unknown) => `Transaction processed but failed: ${describeError(err)}`,
  wrongAmount: (paidLamports: bigint, modeName: string, wagerLamports: bigint) =>
    `Payment was ${sol(paidLamports)} but ${modeName} needs ${sol(wagerLamports)}: the full ${sol(paidLamports)} will be refunded to your wallet`,
} as const;
