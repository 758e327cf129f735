// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MATCH_BAR_TEXTS } from './game/match-bar.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './screens/test-support/fake-game.tsx';
import { fakeWallet } from './test-support/fake-wallet-and-game.tsx';
import { WalletContext } from './wallet/wallet-api.ts';
import { WalletBar } from './wallet-bar.tsx';

afterEach(cleanup);

function renderBar(state: 'playing' | 'waiting') {
  const wallet = fakeWallet();
  const game = fakeGame(
    state === 'playing'
      ? { state: 'playing', gameId: TEST_GAME_ID, playerIndex: 0, gameMode: 'tiny_tuna' }
      : { state: 'waiting' },
  );
  renderWithGame(
    <WalletContext.Provider value={wallet}>
      <WalletBar />
    </WalletContext.Provider>,
    game,
  );
  return wallet;
}

const disconnect = () => fireEvent.click(screen.getByTestId('disconnect-wallet-button'));

describe("the wallet's Disconnect", () => {
  it('during a match asks first, saying it forfeits after the window; staying disconnects nothing', () => {
    const wallet = renderBar('playing');
    disconnect();
    const dialog = screen.getByRole('alertdialog', { name: MATCH_BAR_TEXTS.disconnectTitle });
    expect(dialog.textContent).toContain(
      'Disconnecting takes you out of this match: unless you are back within 30 seconds, you forfeit it and your opponent wins and is paid 0.15 SOL.',
    );
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.stay }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(wallet.disconnect).not.toHaveBeenCalled();
  });

  it('during a match, confirmed, disconnects', () => {
    const wallet = renderBar('playing');
    disconnect();
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.confirmDisconnect }));
    expect(wallet.disconnect).toHaveBeenCalledTimes(1);
  });

  it('outside a match disconnects at once', () => {
    const wallet = renderBar('waiting');
    disconnect();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(wallet.disconnect).toHaveBeenCalledTimes(1);
  });
});
