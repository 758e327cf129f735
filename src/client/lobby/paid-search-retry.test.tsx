// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import type { ClientMessage, ServerMessage } from '../../common/protocol.ts';
import { GameProvider } from '../controller/game-provider.tsx';
import { fakeSocketFactory } from '../game-channel/test-support/fake-socket.ts';
import { WAIT_TEXTS, WaitScreen } from '../screens/wait-screen.tsx';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { jsonResponse } from '../test-support/render-app.tsx';
import { ToastProvider } from '../ui/toast-provider.tsx';
import type { PaymentResult } from '../wallet/wallet-api.ts';
import { WalletContext } from '../wallet/wallet-api.ts';
import { LobbyScreen } from './lobby-screen.tsx';

/**
 * The lobby, the real game provider (reducer, controller, channel) over a fake socket, and a wallet whose
 * payment is counted: a paid search refused for a passing reason keeps its signature and sends the same
 * findMatch again, and the wallet is asked to pay once for the one search.
 */

const SIGNATURE = '5'.repeat(88);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse(200, { banned: false, walletBanned: false, ipBanned: false, message: null }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a passing refusal keeps the payment and sends the same findMatch again; the wallet pays once', async () => {
  const clock = createFakeClock();
  const timers = createManualTimers(clock);
  const sockets = fakeSocketFactory();
  const stored = createStoredValues(
    safeStorageArea(() => memoryStorage()),
    safeStorageArea(() => memoryStorage()),
  );
  const payEntry = vi.fn(
    async (): Promise<PaymentResult> => ({
      success: true,
      signature: SIGNATURE,
      amount: 0.1,
      gameMode: 'tiny_tuna',
    }),
  );
  render(
    <ToastProvider>
      <WalletContext.Provider value={fakeWallet({ payEntry })}>
        <GameProvider clock={clock} timers={timers} createSocket={sockets.factory} stored={stored}>
          <LobbyScreen />
          <WaitScreen />
        </GameProvider>
      </WalletContext.Provider>
    </ToastProvider>,
  );
  await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));
  const socket = sockets.last();
  act(() => socket.open());
  const receive = (message: ServerMessage) => act(() => socket.receive(message));
  const advance = (ms: number) => act(() => timers.advance(ms));
  const findMatches = () =>
    socket
      .messages()
      .filter((m): m is Extract<ClientMessage, { type: 'findMatch' }> => m.type === 'findMatch');

  fireEvent.click(screen.getByTestId('mode-card-tiny_tuna'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Find Match' })));
  expect(payEntry).toHaveBeenCalledTimes(1);
  advance(50);
  expect(findMatches()).toHaveLength(1);

  receive({
    type: 'error',
    data: { message: 'Payment not visible on chain yet', code: 'payment_not_visible' },
  });
  expect(screen.getByText(WAIT_TEXTS.confirmingPayment)).toBeTruthy();
  advance(1_000);
  receive({
    type: 'error',
    data: { message: 'Too many payment verifications in progress. Please wait.', code: 'verification_busy' },
  });
  advance(2_000);
  expect(findMatches()).toHaveLength(3);
  expect(findMatches().map((m) => m.paymentSignature)).toEqual([SIGNATURE, SIGNATURE, SIGNATURE]);

  receive({ type: 'joinQueue', queueType: 'tiny_tuna', queuePosition: 1, playersOnline: 2 });
  expect(screen.queryByText(WAIT_TEXTS.confirmingPayment)).toBeNull();
  expect(payEntry).toHaveBeenCalledTimes(1);
});
