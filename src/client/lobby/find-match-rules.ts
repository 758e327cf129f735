import { canPayEntry, entryLamportsNeeded, RENT_EXEMPT_MINIMUM_LAMPORTS } from '../../common/entry-cost.ts';
import { formatLamports } from '../../common/format.ts';
import { type GameMode, type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { BAN_MESSAGES, LOBBY_ERROR_MESSAGES } from '../../common/protocol-texts.ts';
import { CANCEL_WAIT_MS, TRANSFER_NETWORK_FEE_LAMPORTS } from '../../common/rules.ts';
import type { ToastInput } from '../ui/toast-provider.tsx';
import type { PaymentResult } from '../wallet/wallet-api.ts';

/**
 * The lobby's rules (SPEC §4 "Search and match", §5 Find Match checks and mode-card rules), pure so that
 * each rule is a table test. Money stays in lamports; SOL text appears only in the messages.
 */

export interface LobbyFacts {
  banned: boolean;
  /** The message to show for a restriction (SPEC §8 default ban messages when the server gave none). */
  banMessage: string | null;
  searching: boolean;
  walletConnected: boolean;
  /** Null until the wallet's balance is first read: a paid mode is not affordable before that. */
  balanceLamports: bigint | null;
  /** SPEC §1: the address is in a restricted jurisdiction (the text to show): paid modes are closed. */
  paidPlayRestricted?: string | null;
  /**
   * The paid modes the player's own self-exclusion or loss limits close, with the server's refusal words
   * (limits/paid-play-closures.ts): closed before the wallet is asked to pay.
   */
  limitClosures?: Partial<Record<GameModeId, string>>;
}

type ClosureFacts = Pick<LobbyFacts, 'paidPlayRestricted' | 'limitClosures'>;

/** A paid mode closed to this player by a restricted jurisdiction or their own limits (practice never is). */
export function isPaidPlayClosed(mode: GameMode, facts: ClosureFacts): boolean {
  return paidPlayClosedReason(mode, facts) !== null;
}

/** Why this paid mode is closed before any payment (the jurisdiction first), or null: it is open. */
export function paidPlayClosedReason(mode: GameMode, facts: ClosureFacts): string | null {
  if (mode.wagerLamports === 0n) return null;
  return facts.paidPlayRestricted || facts.limitClosures?.[mode.id] || null;
}

/** The toast title of a Find Match or Accept Challenge refused by the player's own limits. */
export const PAID_PLAY_CLOSED_TITLE = 'Paid Games Closed';

/** SPEC §8: the restriction message when neither the ban check nor the server named one. */
export const DEFAULT_RESTRICTION_MESSAGE = BAN_MESSAGES.account;

/**
 * The balance pays the mode's entry as the chain will take it (common/entry-cost.ts): the wager, the
 * network fee, and a remainder of nothing or at least the rent-exempt minimum. Practice is always free.
 */
export function canAfford(mode: GameMode, balanceLamports: bigint | null): boolean {
  return canPayEntry(balanceLamports ?? 0n, mode.wagerLamports);
}

/** SPEC §5: a mode card is disabled if banned, no wallet, or balance below minBalance (§1: or paid play closed). */
export function isModeSelectable(mode: GameMode, facts: LobbyFacts): boolean {
  return (
    !facts.banned &&
    facts.walletConnected &&
    canAfford(mode, facts.balanceLamports) &&
    !isPaidPlayClosed(mode, facts)
  );
}

/**
 * The '{amount} SOL' of 'Need {amount} SOL to play this mode': the wager with the network fee and the rent
 * reserve (entry-cost.ts), exact to the lamport ('0.02589589 SOL'), so it is what the wallet must hold: never
 * rounded up past it nor down below it.
 */
export function requiredSolText(mode: GameMode): string {
  return formatLamports(entryLamportsNeeded(mode.wagerLamports));
}

export function needToPlayText(mode: GameMode): string {
  return `Need ${requiredSolText(mode)} to play this mode`;
}

/** What the amount of needToPlayText is made of: '0.025 SOL entry + 0.00000501 SOL network fee + ...'. */
export function neededBreakdownText(mode: GameMode): string {
  return [
    `${formatLamports(mode.wagerLamports)} entry`,
    `${formatLamports(TRANSFER_NETWORK_FEE_LAMPORTS)} network fee`,
    `${formatLamports(RENT_EXEMPT_MINIMUM_LAMPORTS)} rent reserve`,
  ].join(' + ');
}

/**
 * Why an entry payment failed, in SPEC §8's words; a lack of funds also says what the mode needs, since
 * the wager alone is not enough (the fee and the rent reserve come on top).
 */
export function paymentFailureReason(result: PaymentResult): string {
  const error = result.error ?? 'The payment did not complete';
  const mode = getGameMode(result.gameMode);
  if (result.errorType !== 'insufficient_funds' || mode.wagerLamports === 0n) return error;
  return `${error}: ${requiredSolText(mode)} needed (${neededBreakdownText(mode)})`;
}

const PAYMENT_FAILED_HINT = 'Please try again or select a different game mode';

/** SPEC §8 'Payment Failed' toast text: the reason first, then what to do. */
export function paymentFailedDescription(reason: string): string {
  return `${reason.replace(/\.$/, '')}. ${PAYMENT_FAILED_HINT}`;
}

/** SPEC §5: disabled while payment is processing, while searching, when banned, or when unaffordable. */
export function isFindMatchDisabled(
  facts: LobbyFacts,
  selected: GameModeId | null,
  paymentProcessing: boolean,
): boolean {
  if (paymentProcessing || facts.searching || facts.banned) return true;
  if (selected === null) return false;
  const mode = getGameMode(selected);
  return !canAfford(mode, facts.balanceLamports) || isPaidPlayClosed(mode, facts);
}

/**
 * 'Accept Challenge' on a challenge's page: as Find Match for the challenge's mode, except that an entry the
 * wallet already paid through the challenge's Solana Action needs no funds left in it (accepting pays
 * nothing again), so a wallet that spent its balance on that payment is not greyed for want of funds.
 */
export function isChallengeAcceptDisabled(
  facts: LobbyFacts,
  mode: GameModeId,
  paymentProcessing: boolean,
  paidThroughAction: boolean,
): boolean {
  if (!paidThroughAction) return isFindMatchDisabled(facts, mode, paymentProcessing);
  if (paymentProcessing || facts.searching || facts.banned) return true;
  return isPaidPlayClosed(getGameMode(mode), facts);
}

export type FindMatchDecision =
  /** A check failed: show the toast and do nothing else. */
  | { kind: 'refused'; toast: ToastInput }
  /** Practice skips payment and searches at once. */
  | { kind: 'practice' }
  /** A paid mode: pay the wager, then search with the signature. */
  | { kind: 'pay'; mode: GameMode };

/** SPEC §5 Find Match order of checks: banned, already searching, mode, practice, wallet, (paid play closed), balance. */
export function decideFindMatch(facts: LobbyFacts, selected: GameModeId | null): FindMatchDecision {
  if (facts.banned) {
    return {
      kind: 'refused',
      toast: {
        title: 'Account Restricted',
        description: facts.banMessage ?? DEFAULT_RESTRICTION_MESSAGE,
        variant: 'destructive',
        duration: 10_000,
      },
    };
  }
  // The request is ignored: the search already running goes on.
  if (facts.searching) {
    return {
      kind: 'refused',
      toast: {
        title: LOBBY_ERROR_MESSAGES.alreadySearching,
        description: 'You are already searching for a match',
      },
    };
  }
  if (selected === null) {
    return {
      kind: 'refused',
      toast: { title: LOBBY_ERROR_MESSAGES.gameModeRequired, description: 'Please select a game mode first' },
    };
  }
  if (selected === 'practice') return { kind: 'practice' };
  if (!facts.walletConnected) {
    return {
      kind: 'refused',
      toast: {
        title: 'Wallet Required',
        description: LOBBY_ERROR_MESSAGES.walletRequired,
        variant: 'destructive',
      },
    };
  }
  const mode = getGameMode(selected);
  const closed = paidPlayClosedReason(mode, facts);
  if (closed !== null) {
    return {
      kind: 'refused',
      toast: {
        title: facts.paidPlayRestricted ? 'Restricted Jurisdiction' : PAID_PLAY_CLOSED_TITLE,
        description: closed,
        variant: 'destructive',
      },
    };
  }
  if (!canAfford(mode, facts.balanceLamports)) {
    return {
      kind: 'refused',
      toast: {
        title: 'Insufficient Balance',
        description: `You need at least ${requiredSolText(mode)} for this game mode`,
        variant: 'destructive',
      },
    };
  }
  return { kind: 'pay', mode };
}

/** SPEC §1, §9: a paid search may be cancelled only after 10 s of waiting; practice (no refund) at any time. */
export function canCancelSearch(mode: GameModeId | null, waitedMs: number): boolean {
  return mode === 'practice' || waitedMs >= CANCEL_WAIT_MS;
}
