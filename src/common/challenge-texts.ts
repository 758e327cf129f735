import { entryLamportsNeeded } from './entry-cost.ts';
import { lamportsToSolString } from './format.ts';

/**
 * What a challenge's link page (`/challenge/<code>`) says: a heading that is true of what the link leads to
 * (an open challenge, a closed one, or none at all) and, when 'Accept Challenge' cannot be pressed, why.
 */
export const CHALLENGE_INVITE_TEXTS = {
  /** Only an open challenge of someone else's challenges the reader. */
  title: 'YOU ARE CHALLENGED',
  /** While the link is read, and when it could not be: nothing is known of it yet. */
  closedTitle: 'CHALLENGE',
  ownTitle: 'YOUR CHALLENGE',
  notFoundTitle: 'CHALLENGE NOT FOUND',
  closedTitles: {
    accepted: 'CHALLENGE ALREADY ACCEPTED',
    cancelled: 'CHALLENGE CANCELLED',
    expired: 'CHALLENGE EXPIRED',
  },
  loading: 'Loading the challenge...',
  failed: 'This challenge could not be loaded. Check the link, or try again in a moment.',
  notFound:
    'No challenge has this link. Check that it was copied whole, or ask your friend to send it again. You can also pick a game mode below and play someone else.',
  closed: {
    accepted: 'This challenge has already been accepted.',
    cancelled: 'This challenge was cancelled by the player who made it.',
    expired: 'This challenge expired before anyone accepted it.',
  },
  own: 'This is your own challenge: send its link to a friend. You cannot accept it yourself.',
  connect: 'Connect your wallet below to accept.',
  accept: 'Accept Challenge',
  acceptPaid: 'Accept with the payment made in your wallet',
  paidThroughAction:
    'Your wallet already paid this entry through the challenge link: accepting uses that payment, nothing is paid again.',
  refundAction:
    'Your wallet paid this entry through the challenge link, but the challenge is closed: it is refunded to you in full.',
  claimRefund: 'Refund it now',
  lobby: 'Play someone else',
  /** The wallet's balance is not read yet: the accept waits for it. */
  balanceUnknown: 'Reading your balance...',
  /**
   * The balance does not pay the entry as the chain takes it (common/entry-cost.ts): the exact amount needed,
   * what it is made of, and what the wallet holds.
   */
  needToAccept: (wagerLamports: bigint, balanceLamports: bigint) =>
    `Need ${lamportsToSolString(entryLamportsNeeded(wagerLamports))} SOL to accept: the ${lamportsToSolString(wagerLamports)} SOL entry, the network fee and the rent reserve. Your wallet holds ${lamportsToSolString(balanceLamports)} SOL.`,
} as const;
