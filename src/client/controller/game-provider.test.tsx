// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { fakeSocketFactory } from '../game-channel/test-support/fake-socket.ts';
import { useGame } from '../state/game-api.ts';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { type WalletApi, WalletContext } from '../wallet/wallet-api.ts';
import { GameProvider } from './game-provider.tsx';

afterEach(cleanup);

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';

function wallet(signedIn: boolean): WalletApi {
  const never = () => {
    throw new Error('not used by the game provider');
  };
  return {
    status: signedIn ? 'connected' : 'disconnected',
    publicKey: signedIn ? WALLET : null,
    balanceLamports: 0n,
    balanceStale: false,
    isMobile: false,
    walletName: null,
    walletIcon: null,
    signedIn,
    cluster: 'localnet',
    houseWallet: null,
    connect: never,
    disconnect: never,
    refreshBalance: never,
    payEntry: never,
    localWallet: null,
  };
}

const notices: unknown[] = [];
function NoticeProbe() {
  const { onTransactionNotification } = useGame();
  useEffect(() => onTransactionNotification((notice) => notices.push(notice)), [onTransactionNotification]);
  return null;
}

function Probe() {
  const { view } = useGame();
  return <p data-testid="probe">{`${view.state} ${view.gameId ?? '-'} ${view.connected}`}</p>;
}

describe('GameProvider', () => {
  it('opens the one game socket only once the wallet has signed in, and screens read the view through useGame', async () => {
    const clock = createFakeClock();
    const timers = createManualTimers(clock);
    const sockets = fakeSocketFactory();
    const [local, session] = [memoryStorage(), memoryStorage()];
    const stored = createStoredValues(
      safeStorageArea(() => local),
      safeStorageArea(() => session),
    );
    const tree = (signedIn: boolean) => (
      <StrictMode>
        <WalletContext.Provider value={wallet(signedIn)}>
          <GameProvider clock={clock} timers={timers} createSocket={sockets.factory} stored={stored}>
            <Probe />
            <NoticeProbe />
          </GameProvider>
        </WalletContext.Provider>
      </StrictMode>
    );
    const view = render(tree(false));
    expect(screen.getByTestId('probe').textContent).toBe('waiting - false');
    expect(sockets.sockets).toHaveLength(0);
    view.rerender(tree(true));
    // The channel's code loads at the first sign-in (not on the first page's path).
    await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
    // StrictMode mounts effects twice: whatever was opened on the trial run is closed, one socket remains.
    const live = sockets.sockets.filter((s) => !s.closedByClient);
    expect(live).toHaveLength(1);
    expect(live[0]?.url).toBe(`ws://${window.location.host}/ws`);
    act(() => live[0]?.open());
    expect(screen.getByTestId('probe').textContent).toBe('waiting - true');
    act(() =>
      live[0]?.receive({
        type: 'matched',
        gameId: GAME,
        playerIndex: 0,
        data: { opponentName: 'Player-Abcd', gameMode: 'practice', seedHash: 'h', countdownTime: 5 },
      }),
    );
    expect(screen.getByTestId('probe').textContent).toBe(`countdown ${GAME} true`);
    // The listener subscribed before sign-in, when no controller existed yet: it still hears the notification.
    act(() => live[0]?.receive({ type: 'transaction_notification', transaction: { id: 7, type: 'refund' } }));
    expect(notices).toEqual([{ id: 7, type: 'refund', wallet_address: WALLET }]);
    view.rerender(tree(false));
    expect(live[0]?.closedByClient).toBe(true);
    expect(screen.getByTestId('probe').textContent).toBe('waiting - false');
  });

  it('using the game context outside its provider throws', () => {
    expect(() => render(<Probe />)).toThrow('useGame must be used within a GameProvider');
  });
});
