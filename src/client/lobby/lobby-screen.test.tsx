// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_MODES } from '../../common/game-modes.ts';
import type { GameApi } from '../state/game-api.ts';
import type { GameView } from '../state/game-view.ts';
import { FakeProviders, fakeGame, fakeWallet, TEST_WALLET } from '../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../test-support/render-app.tsx';
import { settle } from '../test-support/settle.ts';
import type { PaymentResult, PaymentStatus, WalletApi } from '../wallet/wallet-api.ts';
import { LobbyScreen } from './lobby-screen.tsx';

let banStatus: unknown;
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, banStatus));

beforeEach(() => {
  vi.useFakeTimers();
  banStatus = { banned: false, walletBanned: false, ipBanned: false, message: null };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderLobby(wallet: WalletApi = fakeWallet(), game: GameApi = fakeGame()) {
  const view = render(
    <FakeProviders wallet={wallet} game={game}>
      <LobbyScreen />
    </FakeProviders>,
  );
  const update = (next: { wallet?: WalletApi; view?: Partial<GameView> }) =>
    view.rerender(
      <FakeProviders wallet={next.wallet ?? wallet} game={{ ...game, view: { ...game.view, ...next.view } }}>
        <LobbyScreen />
      </FakeProviders>,
    );
  return { ...view, update };
}

const card = (id: string) => screen.getByTestId(`mode-card-${id}`) as HTMLButtonElement;
const findMatchButton = () => screen.getByRole('button', { name: 'Find Match' }) as HTMLButtonElement;
const toastTitle = () => screen.getByRole('region', { name: 'Notifications' }).textContent;

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

describe('Find Match from the lobby', () => {
  it("no mode chosen → 'Game Mode Required', nothing sent", async () => {
    const game = fakeGame();
    renderLobby(fakeWallet(), game);
    await settle(5);
    fireEvent.click(findMatchButton());
    expect(toastTitle()).toContain('Game Mode Required');
    expect(game.findMatch).not.toHaveBeenCalled();
  });

  it('choosing a mode, and then paying, bring Find Match and the payment status into view above the fixed footer', async () => {
    const scrolled: Array<{ id: string | null; options: unknown }> = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ id: this.getAttribute('data-testid'), options });
    };
    try {
      const payEntry = vi.fn(() => new Promise<PaymentResult>(() => {}));
      renderLobby(fakeWallet({ payEntry }), fakeGame());
      await settle(5);
      fireEvent.click(card('tiny_tuna'));
      const inView = { id: 'find-match-area', options: { block: 'nearest', behavior: 'smooth' } };
      expect(scrolled).toEqual([inView]);
      expect(screen.getByTestId('find-match-area').contains(findMatchButton())).toBe(true);
      // The payment status box appears above the button and pushes it down: brought into view again.
      await act(async () => fireEvent.click(findMatchButton()));
      expect(screen.getByTestId('find-match-area').contains(screen.getByTestId('payment-status'))).toBe(true);
      expect(scrolled).toEqual([inView, inView]);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('practice skips payment and asks for a match at once', async () => {
    const wallet = fakeWallet({ balanceLamports: 0n });
    const game = fakeGame();
    renderLobby(wallet, game);
    await settle(5);
    fireEvent.click(card('practice'));
    expect(card('practice').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(findMatchButton());
    expect(game.findMatch).toHaveBeenCalledWith('practice');
    expect(wallet.payEntry).not.toHaveBeenCalled();
  });

  it('a paid mode pays first (status box, confirmation toasts), then findMatch with the signature', async () => {
    let report: (s: PaymentStatus) => void = () => {};
    let finish: (r: PaymentResult) => void = () => {};
    const payEntry = vi.fn(
      (_mode: string, onStatus: (s: PaymentStatus) => void) =>
        new Promise<PaymentResult>((resolve) => {
          report = onStatus;
          finish = resolve;
        }),
    );
    const game = fakeGame();
    renderLobby(fakeWallet({ payEntry }), game);
    await settle(5);
    fireEvent.click(card('smol_shrimp'));
    await act(async () => fireEvent.click(findMatchButton()));
    expect(payEntry).toHaveBeenCalledWith('smol_shrimp', expect.any(Function));
    expect(findMatchButton().disabled).toBe(true);
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('creating');

    act(() => report('signing'));
    expect(toastTitle()).toContain('Wallet Confirmation Required');
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('signing');
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(
      screen.getByText('Wallet Confirmation Required').closest('[data-state]')?.getAttribute('data-state'),
    ).toBe('open');
    act(() => report('processing'));
    expect(game.findMatch).not.toHaveBeenCalled();

    await act(async () =>
      finish({ success: true, signature: '5'.repeat(88), amount: 0.025, gameMode: 'smol_shrimp' }),
    );
    expect(toastTitle()).toContain('Payment Confirmed');
    expect(toastTitle()).toContain('Your entry fee has been processed. Finding a match...');
    expect(game.findMatch).toHaveBeenCalledWith('smol_shrimp', '5'.repeat(88));
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('confirmed');
  });

  it('the Local Wallet signs without asking: no "Wallet Confirmation Required" toast, the status still shows signing', async () => {
    let report: (s: PaymentStatus) => void = () => {};
    const payEntry = vi.fn(
      (_mode: string, onStatus: (s: PaymentStatus) => void) =>
        new Promise<PaymentResult>((resolve) => {
          report = onStatus;
          void resolve;
        }),
    );
    renderLobby(fakeWallet({ payEntry, localWallet: { airdrop: vi.fn(async () => {}) } }), fakeGame());
    await settle(5);
    fireEvent.click(card('smol_shrimp'));
    await act(async () => fireEvent.click(findMatchButton()));
    act(() => report('signing'));
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('signing');
    expect(toastTitle()).not.toContain('Wallet Confirmation Required');
  });

  it('Phantom deep link: a payment signed and sent in the wallet app is finished on return, then findMatch', async () => {
    let report: (s: PaymentStatus) => void = () => {};
    let finish: (r: PaymentResult | null) => void = () => {};
    const resumePayment = vi.fn(
      (onStatus: (s: PaymentStatus) => void) =>
        new Promise<PaymentResult | null>((resolve) => {
          report = onStatus;
          finish = resolve;
        }),
    );
    const game = fakeGame();
    renderLobby(fakeWallet({ resumePayment }), game);
    await settle(5);
    expect(resumePayment).toHaveBeenCalledTimes(1);
    // Nothing shows until the wallet's answer is being confirmed.
    expect(screen.queryByTestId('payment-status')).toBeNull();
    act(() => report('processing'));
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('processing');
    expect(findMatchButton().disabled).toBe(true);
    await act(async () =>
      finish({ success: true, signature: '4'.repeat(88), amount: 0.1, gameMode: 'tiny_tuna' }),
    );
    expect(toastTitle()).toContain('Payment Confirmed');
    expect(game.findMatch).toHaveBeenCalledWith('tiny_tuna', '4'.repeat(88));
  });

  it('a page load with no wallet answer to resume shows nothing and leaves Find Match usable', async () => {
    const resumePayment = vi.fn(async () => null);
    const game = fakeGame();
    renderLobby(fakeWallet({ resumePayment }), game);
    await settle(5);
    expect(resumePayment).toHaveBeenCalled();
    expect(screen.queryByTestId('payment-status')).toBeNull();
    expect(game.findMatch).not.toHaveBeenCalled();
    fireEvent.click(card('practice'));
    expect(findMatchButton().disabled).toBe(false);
  });

  it('a payment the chain refuses for lack of funds says so in the toast, with what the mode needs', async () => {
    const payEntry = vi.fn(
      async (): Promise<PaymentResult> => ({
        success: false,
        amount: 0.1,
        gameMode: 'tiny_tuna',
        error: 'Insufficient funds for transaction',
        errorType: 'insufficient_funds',
      }),
    );
    renderLobby(fakeWallet({ payEntry }), fakeGame());
    await settle(5);
    fireEvent.click(card('tiny_tuna'));
    await act(async () => fireEvent.click(findMatchButton()));
    const alert = screen.getByText('Payment Failed').closest('[data-state]')!;
    expect(alert.textContent).toContain(
      'Insufficient funds for transaction: 0.10089589 SOL needed (0.1 SOL entry + 0.00000501 SOL network fee + 0.00089088 SOL rent reserve). Please try again or select a different game mode',
    );
    expect(screen.getByTestId('payment-status').textContent).toContain(
      'Insufficient funds for transaction: 0.10089589 SOL needed',
    );
  });

  it("a failed payment → destructive 'Payment Failed' (5 s) with the hint; no search", async () => {
    const payEntry = vi.fn(
      async (): Promise<PaymentResult> => ({
        success: false,
        amount: 0.1,
        gameMode: 'tiny_tuna',
        error: 'Transaction rejected by user',
        errorType: 'user_rejected',
      }),
    );
    const game = fakeGame();
    renderLobby(fakeWallet({ payEntry }), game);
    await settle(5);
    fireEvent.click(card('tiny_tuna'));
    await act(async () => fireEvent.click(findMatchButton()));
    const alert = screen.getByText('Payment Failed').closest('[data-state]')!;
    expect(alert.getAttribute('data-variant')).toBe('destructive');
    expect(alert.textContent).toContain(
      'Transaction rejected by user. Please try again or select a different game mode',
    );
    expect(screen.getByTestId('payment-status').textContent).toContain('Transaction rejected by user');
    expect(game.findMatch).not.toHaveBeenCalled();
    expect(findMatchButton().disabled).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(alert.getAttribute('data-state')).toBe('open');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(alert.getAttribute('data-state')).toBe('closing');
  });

  it('Find Match is disabled while searching and when the chosen mode is not affordable', async () => {
    const { update } = renderLobby(fakeWallet({ balanceLamports: 30_000_000n }));
    await settle(5);
    fireEvent.click(card('smol_shrimp'));
    expect(findMatchButton().disabled).toBe(false);
    update({ wallet: fakeWallet({ balanceLamports: 20_000_000n }) });
    expect(findMatchButton().disabled).toBe(true);
    update({ view: { searching: true, gameMode: 'practice', searchStartTime: Date.now() } });
    expect(findMatchButton().disabled).toBe(true);
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
    banStatus = { banned: true, walletBanned: true, ipBanned: false, message: null };
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
