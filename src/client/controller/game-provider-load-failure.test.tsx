// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkBoundary } from '../ui/chunk-boundary.tsx';
import { LOAD_FAILURE_TITLE } from '../ui/chunk-errors.ts';
import { type WalletApi, WalletContext } from '../wallet/wallet-api.ts';
import { GameProvider } from './game-provider.tsx';

/**
 * The game code is a chunk loaded at sign-in. When it cannot be loaded (a deploy removed
 * it), the player is told to reload instead of seeing a lobby whose Find Match silently does nothing.
 */

// The chunk is gone: importing it fails as a browser's dynamic import does after a deploy.
vi.mock('./game-controller.ts', () => {
  throw new TypeError(
    'Failed to fetch dynamically imported module: https://pong.test/assets/game-controller.js',
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const signedIn = {
  status: 'connected',
  publicKey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  balanceLamports: 0n,
  isMobile: false,
  walletName: null,
  walletIcon: null,
  signedIn: true,
  cluster: 'localnet',
  houseWallet: null,
  localWallet: null,
} as unknown as WalletApi;

describe('the game code failing to load', () => {
  it('shows the reload notice in place of the page once the wallet has signed in', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <WalletContext.Provider value={signedIn}>
        <ChunkBoundary reload={() => {}}>
          <GameProvider>
            <p>lobby</p>
          </GameProvider>
        </ChunkBoundary>
      </WalletContext.Provider>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText(LOAD_FAILURE_TITLE)).toBeTruthy();
    expect(screen.queryByText('lobby')).toBeNull();
    expect(errors.mock.calls.some((call) => call[0] === 'A part of the page failed to load or render')).toBe(
      true,
    );
  });
});
