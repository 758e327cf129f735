// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GAME_MODES } from '../../common/game-modes.ts';
import { fakeGame, fakeWallet, TEST_WALLET } from '../test-support/fake-wallet-and-game.tsx';
import { settle } from '../test-support/settle.ts';
import { card, findMatchButton, lobbyBed } from './test-support/lobby-bed.tsx';

const { answerBanStatus, fetchMock, renderLobby } = lobbyBed();

describe('the lobby without a wallet', () => {
  it("lobby: only 'Connect your Solana wallet' (all modes including Practice need one) and the connect button", () => {
    const wallet = fakeWallet({ status: 'disconnected', publicKey: null, balanceLamports: null });
    renderLobby(wallet);
    expect(screen.getByText('Connect your Solana wallet')).toBeTruthy();
    expect(screen.getByText(/all game modes, including practice, require a connected wallet/i)).toBeTruthy();
    expect(screen.queryByTestId('mode-card-practice')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Find Match' })).toBeNull();
    expect(screen.queryByTestId('lobby-balance')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(wallet.connect).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('connect button: disabled while connecting', () => {
    renderLobby(fakeWallet({ status: 'connecting', publicKey: null }));
    expect((screen.getByRole('button', { name: 'Connect Wallet' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the lobby with a wallet', () => {
  it("CHOOSE YOUR GAME MODE (the beta title is the site header's), balance exact with at least 3 decimals, Players Online", async () => {
    renderLobby(fakeWallet({ balanceLamports: 1_234_567_891n }), fakeGame({ view: { playersOnline: 7 } }));
    await settle(5);
    expect(screen.getByRole('heading', { name: 'CHOOSE YOUR GAME MODE' })).toBeTruthy();
    expect(screen.getByTestId('lobby-balance').textContent).toBe('1.234567891 SOL');
    expect(screen.getByText('Players Online:')).toBeTruthy();
    expect(screen.getByTestId('players-online').textContent).toBe('7');
  });

  it('a balance just under 1 SOL shows what the wallet holds, never the 1.000 SOL it does not', async () => {
    renderLobby(fakeWallet({ balanceLamports: 999_980_000n }));
    await settle(5);
    expect(screen.getByTestId('lobby-balance').textContent).toBe('0.99998 SOL');
  });

  it('five mode cards with names, wager and win amounts (in the lobby’s format)', async () => {
    renderLobby();
    await settle(5);
    const expected = [
      ['practice', 'Free Play', 'Free', '-'],
      ['smol_shrimp', 'Smol Shrimp', '0.025 SOL', '0.0375 SOL'],
      ['tiny_tuna', 'Tiny Tuna', '0.1 SOL', '0.15 SOL'],
      ['mighty_marlin', 'Mighty Marlin', '1 SOL', '1.5 SOL'],
      ['giga_whale', 'Giga Whale', '10 SOL', '15 SOL'],
    ];
    for (const [id, name, wager, win] of expected) {
      const text = card(id!).textContent ?? '';
      expect(text).toContain(name);
      expect(text).toContain(`Wager${wager}`);
      expect(text).toContain(`Win${win}`);
    }
  });

  it('mode cards and the coin badge draw inline SVG icons, no emoji (boxes where no emoji font exists)', async () => {
    renderLobby(fakeWallet({ balanceLamports: 0n }));
    await settle(5);
    const emoji = /\p{Extended_Pictographic}/u;
    for (const mode of GAME_MODES) {
      const modeCard = card(mode.id);
      expect(modeCard.querySelector(`svg[data-mode-icon="${mode.id}"]`)).not.toBeNull();
      expect(modeCard.textContent ?? '').not.toMatch(emoji);
    }
    const badge = within(card('giga_whale')).getByRole('img', { name: 'Insufficient balance' });
    expect(badge.querySelector('svg')).not.toBeNull();
  });

  it('after a failed refresh the lobby shows the last known balance marked stale, and with none known no number', async () => {
    const { update } = renderLobby(fakeWallet({ balanceLamports: 1_012_000_000n, balanceStale: true }));
    await settle(5);
    expect(screen.getByTestId('lobby-balance').textContent).toBe('1.012 SOL');
    expect(screen.getByTestId('balance-stale').textContent).toBe('stale');
    // The last known balance still decides what is affordable.
    expect(card('tiny_tuna').disabled).toBe(false);
    update({ wallet: fakeWallet({ balanceLamports: null, balanceStale: true }) });
    expect(screen.getByTestId('lobby-balance').textContent).toBe('—');
    expect(screen.queryByTestId('balance-stale')).toBeNull();
    update({ wallet: fakeWallet({ balanceLamports: 1_012_000_000n, balanceStale: false }) });
    expect(screen.queryByTestId('balance-stale')).toBeNull();
  });

  it("with 0.05 SOL the modes above it are disabled with a coin badge and 'Need {amount} SOL to play this mode'", async () => {
    renderLobby(fakeWallet({ balanceLamports: 50_000_000n }));
    await settle(5);
    for (const id of ['practice', 'smol_shrimp']) {
      expect(card(id).disabled).toBe(false);
      expect(within(card(id)).queryByRole('img', { name: 'Insufficient balance' })).toBeNull();
    }
    // The wager, the network fee and the rent reserve, exact to the lamport (common/entry-cost.ts).
    for (const [id, amount] of [
      ['tiny_tuna', '0.10089589'],
      ['mighty_marlin', '1.00089589'],
      ['giga_whale', '10.00089589'],
    ]) {
      expect(card(id!).disabled).toBe(true);
      expect(within(card(id!)).getByRole('img', { name: 'Insufficient balance' })).toBeTruthy();
      expect(within(card(id!)).getByText(`Need ${amount} SOL to play this mode`)).toBeTruthy();
    }
  });

  it("queue length per mode, 'Fast Match!' only when a queue holds more than 1", async () => {
    renderLobby(fakeWallet(), fakeGame({ view: { queueLengths: { smol_shrimp: 1, tiny_tuna: 2 } } }));
    await settle(5);
    expect(card('smol_shrimp').textContent).toContain('In queue: 1');
    expect(card('smol_shrimp').textContent).not.toContain('Fast Match!');
    expect(card('tiny_tuna').textContent).toContain('In queue: 2');
    expect(card('tiny_tuna').textContent).toContain('Fast Match!');
    expect(card('practice').textContent).toContain('In queue: 0');
  });
});

describe('the lobby’s searching panel', () => {
  it('Cancel Search of a paid search only from 10 s; the progress bar grows 2% per second', async () => {
    const game = fakeGame({
      view: { searching: true, gameMode: 'smol_shrimp', searchStartTime: Date.now() },
    });
    renderLobby(fakeWallet(), game);
    await settle(5);
    const cancel = () => screen.getByRole('button', { name: 'Cancel Search' }) as HTMLButtonElement;
    expect(cancel().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(cancel().disabled).toBe(true);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('18');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(cancel().disabled).toBe(false);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByText('Waiting 10s')).toBeTruthy();
    fireEvent.click(cancel());
    expect(game.cancelSearch).toHaveBeenCalledOnce();
  });

  it("a practice search can be cancelled at once; the cancel shows 'Cancelling matchmaking...'", async () => {
    const { update } = renderLobby(
      fakeWallet(),
      fakeGame({ view: { searching: true, gameMode: 'practice', searchStartTime: Date.now() } }),
    );
    await settle(5);
    expect((screen.getByRole('button', { name: 'Cancel Search' }) as HTMLButtonElement).disabled).toBe(false);
    update({ view: { cancelling: 'cancelling' } });
    expect(screen.getByText('Cancelling matchmaking...')).toBeTruthy();
    update({ view: { cancelling: 'refunding' } });
    expect(screen.getByText('Refund being processed...')).toBeTruthy();
  });
});

describe('a banned wallet: Account Restricted', () => {
  it('POST /api/ban-status { walletAddress } when the wallet changes; a ban shows the banner and locks play', async () => {
    answerBanStatus({ banned: true, walletBanned: true, ipBanned: false, message: null });
    const game = fakeGame();
    renderLobby(fakeWallet(), game);
    await settle(5);
    expect(fetchMock).toHaveBeenCalledWith('/api/ban-status', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ walletAddress: TEST_WALLET });
    const banner = screen.getByTestId('restricted-banner');
    expect(banner.textContent).toContain('Account Restricted');
    expect(banner.textContent).toContain('Your wallet has been banned');
    expect(banner.textContent).toContain('Please contact support for assistance.');
    expect(card('practice').disabled).toBe(true);
    expect(findMatchButton().disabled).toBe(true);
  });

  it('a failed ban-status call is only logged', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderLobby();
    await settle(5);
    expect(warn).toHaveBeenCalledWith('ban status check failed', expect.any(TypeError));
    expect(screen.queryByTestId('restricted-banner')).toBeNull();
    expect(card('practice').disabled).toBe(false);
  });

  it("a live 'account_restricted' error shows the banner and the 'Account Restricted' toast (10 s)", async () => {
    const { update } = renderLobby();
    await settle(5);
    expect(screen.queryByTestId('restricted-banner')).toBeNull();
    update({ view: { lastError: 'Your IP address has been banned', lastErrorCode: 'account_restricted' } });
    await settle(5);
    expect(screen.getByTestId('restricted-banner').textContent).toContain('Your IP address has been banned');
    const toast = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert');
    expect(toast.textContent).toContain('Account Restricted');
    expect(toast.textContent).toContain('Your IP address has been banned');
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(toast.getAttribute('data-state')).toBe('open');
    expect(findMatchButton().disabled).toBe(true);
  });
});
