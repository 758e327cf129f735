import { lamportsToSolString } from '../../common/format.ts';
import { type GameMode, type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { CANCEL_AFTER_MS } from '../screens/screen-rules.ts';
import type { ToastInput } from '../ui/toast-provider.tsx';

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
}

/** A paid mode closed to this player by a restricted jurisdiction (practice never is). */
export function isPaidPlayClosed(mode: GameMode, facts: Pick<LobbyFacts, 'paidPlayRestricted'>): boolean {
  return mode.wagerLamports > 0n && Boolean(facts.paidPlayRestricted);
}

/** SPEC §8: the restriction message when neither the ban check nor the server named one. */
export const DEFAULT_RESTRICTION_MESSAGE = 'Your account has been restricted';

/** The balance covers the mode's minBalance (the wager; 0 for practice). */
export function canAfford(mode: GameMode, balanceLamports: bigint | null): boolean {
  return (balanceLamports ?? 0n) >= mode.minBalanceLamports;
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

/** The '{amount}' of 'Need {amount} SOL to play this mode', exact from lamports: '0.025', '10'. */
export function requiredSolText(mode: GameMode): string {
  return lamportsToSolString(mode.minBalanceLamports);
}

export function needToPlayText(mode: GameMode): string {
  return `Need ${requiredSolText(mode)} SOL to play this mode`;
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

export type FindMatchDecision =
  /** A check failed: show the toast and do nothing else. */
  | { kind: 'refused'; toast: ToastInput }
  /** Practice skips payment and searches at once. */
  | { kind: 'practice' }
  /** A paid mode: pay the wager, then search with the signature. */
  | { kind: 'pay'; mode: GameMode };

/** SPEC §5 Find Match order of checks: banned, already searching, mode, practice, wallet, balance. */
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
      toast: { title: 'Already Searching', description: 'You are already searching for a match' },
    };
  }
  if (selected === null) {
    return {
      kind: 'refused',
      toast: { title: 'Game Mode Required', description: 'Please select a game mode first' },
    };
  }
  if (selected === 'practice') return { kind: 'practice' };
  if (!facts.walletConnected) {
    return {
      kind: 'refused',
      toast: {
        title: 'Wallet Required',
        description: 'Please connect your wallet first',
        variant: 'destructive',
      },
    };
  }
  const mode = getGameMode(selected);
  if (isPaidPlayClosed(mode, facts)) {
    return {
      kind: 'refused',
      toast: {
        title: 'Restricted Jurisdiction',
        description: facts.paidPlayRestricted ?? '',
        variant: 'destructive',
      },
    };
  }
  if (!canAfford(mode, facts.balanceLamports)) {
    return {
      kind: 'refused',
      toast: {
        title: 'Insufficient Balance',
        description: `You need at least ${requiredSolText(mode)} SOL for this game mode`,
        variant: 'destructive',
      },
    };
  }
  return { kind: 'pay', mode };
}

/** SPEC §1, §9: a paid search may be cancelled only after 10 s of waiting; practice (no refund) at any time. */
export function canCancelSearch(mode: GameModeId | null, waitedMs: number): boolean {
  return mode === 'practice' || waitedMs >= CANCEL_AFTER_MS;
}
