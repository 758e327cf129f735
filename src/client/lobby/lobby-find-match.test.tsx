// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGame, fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { settle } from '../test-support/settle.ts';
import type { PaymentResult, PaymentStatus } from '../wallet/wallet-api.ts';
import { card, findMatchButton, lobbyBed, toastTitle } from './test-support/lobby-bed.tsx';

const { renderLobby } = lobbyBed();

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
