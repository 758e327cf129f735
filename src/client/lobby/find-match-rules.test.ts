import { describe, expect, it } from 'vitest';
import { GAME_MODES, type GameModeId, getGameMode } from '../../common/game-modes.ts';
import {
  canCancelSearch,
  decideFindMatch,
  isChallengeAcceptDisabled,
  isFindMatchDisabled,
  isModeSelectable,
  type LobbyFacts,
  neededBreakdownText,
  needToPlayText,
  paymentFailedDescription,
  paymentFailureReason,
  requiredSolText,
} from './find-match-rules.ts';

const facts = (overrides: Partial<LobbyFacts> = {}): LobbyFacts => ({
  banned: false,
  banMessage: null,
  searching: false,
  walletConnected: true,
  balanceLamports: 200_000_000n,
  ...overrides,
});

const decisionOf = (f: LobbyFacts, mode: GameModeId | null) => {
  const d = decideFindMatch(f, mode);
  return d.kind === 'refused' ? d.toast.title : d.kind;
};

describe('Find Match order of checks', () => {
  it.each([
    [
      'banned is checked before everything',
      facts({ banned: true, searching: true }),
      null,
      'Account Restricted',
    ],
    ['already searching before the mode', facts({ searching: true }), null, 'Already Searching'],
    ['no mode', facts(), null, 'Game Mode Required'],
    [
      'practice skips payment, even with no wallet',
      facts({ walletConnected: false }),
      'practice',
      'practice',
    ],
    ['a paid mode needs a wallet', facts({ walletConnected: false }), 'smol_shrimp', 'Wallet Required'],
    [
      'wallet before balance',
      facts({ walletConnected: false, balanceLamports: 0n }),
      'tiny_tuna',
      'Wallet Required',
    ],
    [
      'balance one lamport short',
      facts({ balanceLamports: 99_999_999n }),
      'tiny_tuna',
      'Insufficient Balance',
    ],
    ['balance not read yet', facts({ balanceLamports: null }), 'smol_shrimp', 'Insufficient Balance'],
    // The entry costs the wager, a 5,010-lamport network fee, and leaves 890,880 (rent) or nothing.
    [
      'exactly the wager (1 SOL for Mighty Marlin) does not pay the network fee',
      facts({ balanceLamports: 1_000_000_000n }),
      'mighty_marlin',
      'Insufficient Balance',
    ],
    ['wager + fee + rent reserve pays', facts({ balanceLamports: 1_000_895_890n }), 'mighty_marlin', 'pay'],
    [
      'one lamport less would leave a balance below rent exemption',
      facts({ balanceLamports: 1_000_895_889n }),
      'mighty_marlin',
      'Insufficient Balance',
    ],
    [
      'wager + fee exactly pays (the wallet is emptied)',
      facts({ balanceLamports: 1_000_005_010n }),
      'mighty_marlin',
      'pay',
    ],
    [
      'wager + fee + 1 lamport would leave 1 lamport',
      facts({ balanceLamports: 1_000_005_011n }),
      'mighty_marlin',
      'Insufficient Balance',
    ],
  ] as const)('%s', (_, f, mode, expected) => {
    expect(decisionOf(f, mode)).toBe(expected);
  });

  it('the restriction toast carries the ban message, destructive, 10 s', () => {
    const d = decideFindMatch(facts({ banned: true, banMessage: 'Your wallet has been banned' }), 'practice');
    expect(d).toEqual({
      kind: 'refused',
      toast: {
        title: 'Account Restricted',
        description: 'Your wallet has been banned',
        variant: 'destructive',
        duration: 10_000,
      },
    });
  });

  it.each([
    ['smol_shrimp', 'You need at least 0.02589589 SOL for this game mode'],
    ['tiny_tuna', 'You need at least 0.10089589 SOL for this game mode'],
    ['mighty_marlin', 'You need at least 1.00089589 SOL for this game mode'],
    ['giga_whale', 'You need at least 10.00089589 SOL for this game mode'],
  ] as const)('insufficient balance for %s says %s', (mode, text) => {
    const d = decideFindMatch(facts({ balanceLamports: 0n }), mode);
    expect(d.kind === 'refused' && d.toast.description).toBe(text);
  });

  it("'Wallet Required' says 'Please connect your wallet first'", () => {
    const d = decideFindMatch(facts({ walletConnected: false }), 'giga_whale');
    expect(d.kind === 'refused' && d.toast.description).toBe('Please connect your wallet first');
  });
});

describe('mode cards and the Find Match button', () => {
  it.each([
    ['practice with a wallet and no balance', 'practice', facts({ balanceLamports: 0n }), true],
    ['practice with no wallet', 'practice', facts({ walletConnected: false }), false],
    ['practice when banned', 'practice', facts({ banned: true }), false],
    [
      'tiny_tuna at exactly 0.1 SOL (no fee left)',
      'tiny_tuna',
      facts({ balanceLamports: 100_000_000n }),
      false,
    ],
    [
      'tiny_tuna at the 0.10089589 SOL its hint names',
      'tiny_tuna',
      facts({ balanceLamports: 100_900_000n }),
      true,
    ],
    ['tiny_tuna one lamport short', 'tiny_tuna', facts({ balanceLamports: 99_999_999n }), false],
    ['giga_whale with 1 SOL', 'giga_whale', facts({ balanceLamports: 1_000_000_000n }), false],
  ] as const)('a mode is selectable: %s → %s', (_, mode, f, expected) => {
    expect(isModeSelectable(getGameMode(mode), f)).toBe(expected);
  });

  it.each([
    ['nothing in the way', facts(), 'tiny_tuna', false, false],
    ['no mode chosen yet (the click says Game Mode Required)', facts(), null, false, false],
    ['payment processing', facts(), 'tiny_tuna', true, true],
    ['searching', facts({ searching: true }), 'practice', false, true],
    ['banned', facts({ banned: true }), 'practice', false, true],
    ['mode not affordable', facts({ balanceLamports: 0n }), 'smol_shrimp', false, true],
  ] as const)('Find Match disabled: %s → %s', (_, f, mode, processing, expected) => {
    expect(isFindMatchDisabled(f, mode, processing)).toBe(expected);
  });

  it.each([
    ['an empty wallet cannot pay the entry', facts({ balanceLamports: 0n }), false, false, true],
    [
      'an empty wallet that paid through the Action accepts',
      facts({ balanceLamports: 0n }),
      false,
      true,
      false,
    ],
    ['paid through the Action, while searching', facts({ searching: true }), false, true, true],
    ['paid through the Action, while processing', facts(), true, true, true],
    ['paid through the Action, banned', facts({ banned: true }), false, true, true],
    [
      'paid through the Action, paid play closed by a limit',
      facts({ limitClosures: { smol_shrimp: 'Your daily loss limit is reached.' } }),
      false,
      true,
      true,
    ],
  ] as const)('Accept Challenge disabled: %s → %s', (_, f, processing, paid, expected) => {
    expect(isChallengeAcceptDisabled(f, 'smol_shrimp', processing, paid)).toBe(expected);
  });

  it("every paid mode's hint is 'Need {amount} SOL to play this mode'", () => {
    expect(GAME_MODES.filter((m) => m.wagerLamports > 0n).map(needToPlayText)).toEqual([
      'Need 0.02589589 SOL to play this mode',
      'Need 0.10089589 SOL to play this mode',
      'Need 1.00089589 SOL to play this mode',
      'Need 10.00089589 SOL to play this mode',
    ]);
    expect(neededBreakdownText(getGameMode('mighty_marlin'))).toBe(
      '1 SOL entry + 0.00000501 SOL network fee + 0.00089088 SOL rent reserve',
    );
  });

  it('the amount each hint names is exactly what pays that mode: one lamport less does not', () => {
    for (const mode of GAME_MODES.filter((m) => m.wagerLamports > 0n)) {
      const [whole, fraction = ''] = requiredSolText(mode).replace(/ SOL$/, '').split('.');
      const shown = BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
      expect(isModeSelectable(mode, facts({ balanceLamports: shown })), mode.id).toBe(true);
      expect(isModeSelectable(mode, facts({ balanceLamports: shown - 1n })), mode.id).toBe(false);
    }
  });
});

describe('the searching panel', () => {
  it.each([
    ['a paid search at 9 999 ms', 'smol_shrimp', 9_999, false],
    ['a paid search at 10 000 ms', 'smol_shrimp', 10_000, true],
    ['an unknown mode at 9 999 ms', null, 9_999, false],
    ['practice at once', 'practice', 0, true],
  ] as const)('cancel: %s → %s', (_, mode, waited, expected) => {
    expect(canCancelSearch(mode, waited)).toBe(expected);
  });
});

describe("the 'Payment Failed' toast says why", () => {
  it("a lack of funds says SPEC's 'Insufficient funds for transaction' and what the mode needs", () => {
    const reason = paymentFailureReason({
      success: false,
      amount: 1,
      gameMode: 'mighty_marlin',
      error: 'Insufficient funds for transaction',
      errorType: 'insufficient_funds',
    });
    expect(reason).toBe(
      'Insufficient funds for transaction: 1.00089589 SOL needed (1 SOL entry + 0.00000501 SOL network fee + 0.00089088 SOL rent reserve)',
    );
    expect(paymentFailedDescription(reason)).toBe(
      `${reason}. Please try again or select a different game mode`,
    );
  });

  it.each([
    ['user_rejected', 'Transaction rejected by user'],
    ['timeout', 'Transaction confirmation timed out - check your wallet for status'],
    ['generic', 'Blockhash not valid.'],
  ] as const)('a %s failure names its reason before the hint', (errorType, error) => {
    const reason = paymentFailureReason({
      success: false,
      amount: 0.1,
      gameMode: 'tiny_tuna',
      error,
      errorType,
    });
    expect(reason).toBe(error);
    expect(paymentFailedDescription(reason)).toBe(
      `${error.replace(/\.$/, '')}. Please try again or select a different game mode`,
    );
  });
});
