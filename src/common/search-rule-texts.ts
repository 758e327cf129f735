import { countOf } from './format.ts';
import { solText } from './refund-texts.ts';
import {
  CANCEL_REFUND_PERCENT,
  CANCEL_RETAINED_PERCENT,
  CANCEL_WAIT_SECONDS,
  cancelRefundOf,
} from './rules.ts';

/**
 * The rules of a wait, said on its screen before they apply (SPEC §1: cancelling a paid search is allowed
 * only after 10 s of waiting and refunds 97% of the wager, 3% retained): when the cancel opens, what it keeps
 * to the lamport, and, for a rematch offer, what a decline or no answer returns (everything).
 */

/** What cancelling keeps: of a paid entry 3% (exact amounts), of Free Play nothing. */
export function cancelKeepsText(wagerLamports: bigint): string {
  if (wagerLamports === 0n) return 'Free Play has no entry fee: cancelling keeps nothing.';
  const back = cancelRefundOf(wagerLamports);
  return `Cancelling refunds ${CANCEL_REFUND_PERCENT}% of your ${solText(wagerLamports)} entry: ${solText(back)} comes back and ${solText(wagerLamports - back)} (${CANCEL_RETAINED_PERCENT}%) is kept.`;
}

/**
 * The cancel rule beside its button (`label`, as the button reads): while `secondsLeft` > 0, when it opens,
 * then what it keeps; once open, what it keeps.
 */
export function cancelRuleText(label: string, secondsLeft: number, wagerLamports: bigint): string {
  const keeps = cancelKeepsText(wagerLamports);
  if (secondsLeft <= 0) return keeps;
  return `${label} is available after ${CANCEL_WAIT_SECONDS} seconds of waiting (in ${countOf(secondsLeft, 'second')}). ${keeps}`;
}

export const REMATCH_RULE_TEXTS = {
  /** To the offerer: a decline or no answer costs nothing (the cancel rule is said beside Cancel). */
  offerRefund: 'If your opponent leaves or does not take it in time, your entry fee is refunded in full.',
  /** To the opponent of an offer: leaving costs the offerer nothing either. */
  declineRefund: (paid: boolean) =>
    paid
      ? 'If you leave, no rematch is played and their entry fee is refunded to them in full.'
      : 'If you leave, no rematch is played.',
  /** Both screens show the offer's time left from the server's deadline, in one format. */
  timeLeft: (text: string) => `Time left ${text}`,
} as const;
