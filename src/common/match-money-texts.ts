import { formatLamports } from './format.ts';

/**
 * What the game over screen says a paid match moved for this player, exact to the lamport (SPEC §5's
 * decimals where they are exact, more where the lamports need them): the winner's payout as its
 * notifications tell it, the loser's entry fee. Not in SPEC, whose game over screen names no money.
 */
export const MATCH_MONEY_TEXTS = {
  /** Won, before the payout's transfer was sent. */
  onItsWay: (lamports: bigint) => `+${formatLamports(lamports)} payout on its way`,
  /** The transfer is sent, not yet confirmed. */
  sent: (lamports: bigint) => `+${formatLamports(lamports)} sent`,
  /** The chain confirmed it. */
  paid: (lamports: bigint) => `+${formatLamports(lamports)} paid`,
  /** The winner's wallet was banned before it was paid: an admin decides (docs/money.md). */
  held: (lamports: bigint) => `+${formatLamports(lamports)} payout held for review`,
  /** Lost: the entry fee went to the winner's prize. */
  lost: (lamports: bigint) => `-${formatLamports(lamports)} entry fee`,
  /** The link to the payout's transfer on an explorer. */
  viewPayout: 'View payout transfer',
} as const;
