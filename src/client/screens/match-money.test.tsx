// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchPayout } from '../state/game-view.ts';
import { fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { WalletContext } from '../wallet/wallet-api.ts';
import { GameOverScreen } from './game-over-screen.tsx';
import MatchMoney, { matchMoneyLine } from './match-money.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './test-support/fake-game.tsx';

afterEach(cleanup);

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const payout = (over: Partial<MatchPayout> = {}): MatchPayout => ({
  gameId: GAME,
  status: 'paid',
  lamports: '37500000',
  signature: 'Sig111',
  ...over,
});

describe('what the game over screen says a match paid, exact', () => {
  it.each<[string, Parameters<typeof matchMoneyLine>[0], string | null]>([
    ['won, paid', { won: true, gameMode: 'smol_shrimp', payout: payout() }, '+0.0375 SOL paid'],
    [
      'won, sent',
      { won: true, gameMode: 'smol_shrimp', payout: payout({ status: 'sent' }) },
      '+0.0375 SOL sent',
    ],
    [
      'won, held for review',
      { won: true, gameMode: 'smol_shrimp', payout: payout({ status: 'held', signature: null }) },
      '+0.0375 SOL payout held for review',
    ],
    [
      'won, nothing heard yet',
      { won: true, gameMode: 'smol_shrimp', payout: null },
      '+0.0375 SOL payout on its way',
    ],
    ['won Tiny Tuna', { won: true, gameMode: 'tiny_tuna', payout: null }, '+0.15 SOL payout on its way'],
    ['lost', { won: false, gameMode: 'smol_shrimp', payout: null }, '-0.025 SOL entry fee'],
    ['lost Giga Whale', { won: false, gameMode: 'giga_whale', payout: null }, '-10 SOL entry fee'],
    [
      'a payout of an odd amount, every lamport',
      { won: true, gameMode: null, payout: payout({ lamports: '24250001' }) },
      '+0.024250001 SOL paid',
    ],
    ['practice', { won: true, gameMode: 'practice', payout: null }, null],
    ['an unknown mode (a reload) and no payout heard', { won: true, gameMode: null, payout: null }, null],
  ])('%s → %s', (_, input, text) => {
    expect(matchMoneyLine(input)?.text ?? null).toBe(text);
  });

  it('links the payout transfer on the explorer of the server’s chain once it is sent', () => {
    render(
      <WalletContext.Provider value={fakeWallet({ cluster: 'devnet' })}>
        <MatchMoney won gameMode="smol_shrimp" payout={payout()} />
      </WalletContext.Provider>,
    );
    expect(screen.getByTestId('match-money').textContent).toContain('+0.0375 SOL paid');
    const link = screen.getByRole('link', { name: 'View payout transfer' });
    expect(link.getAttribute('href')).toBe('https://explorer.solana.com/tx/Sig111?cluster=devnet');
  });

  it('no link before the transfer is sent', () => {
    render(
      <WalletContext.Provider value={fakeWallet({ cluster: 'devnet' })}>
        <MatchMoney won gameMode="smol_shrimp" payout={null} />
      </WalletContext.Provider>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the game over screen', () => {
  const won = {
    outcome: 'win' as const,
    scores: [11, 4] as [number, number],
    reason: 'score',
    message: '',
    opponentDisconnected: false,
  };
  it("a paid match's winner reads the exact payout once its notice names this game", async () => {
    const game = fakeGame({
      state: 'gameOver',
      gameId: TEST_GAME_ID,
      playerIndex: 0,
      gameMode: 'smol_shrimp',
      gameOver: won,
      matchPayout: payout({ gameId: TEST_GAME_ID }),
    });
    renderWithGame(<GameOverScreen />, game);
    expect((await screen.findByTestId('match-money')).textContent).toContain('+0.0375 SOL paid');
  });

  it("another game's payout is not this one's", async () => {
    const game = fakeGame({
      state: 'gameOver',
      gameId: TEST_GAME_ID,
      playerIndex: 0,
      gameMode: 'smol_shrimp',
      gameOver: won,
      matchPayout: payout({ gameId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' }),
    });
    renderWithGame(<GameOverScreen />, game);
    expect((await screen.findByTestId('match-money')).textContent).toBe('+0.0375 SOL payout on its way');
  });
});
