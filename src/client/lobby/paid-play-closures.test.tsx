// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerLimitsAnswer } from '../../common/api/player-limits-api.ts';
import { closuresOf } from '../limits/paid-play-closures.ts';
import { FakeProviders, fakeGame, fakeWallet, TEST_WALLET } from '../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../test-support/render-app.tsx';
import { settle } from '../test-support/settle.ts';
import { LobbyScreen } from './lobby-screen.tsx';
import { BAN_RECHECK_MS } from './use-restriction.ts';

const NOW = Date.parse('2025-06-02T12:00:00Z');
const PAID = ['smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale'] as const;
const noLimit = { lamports: null, pending: null, lossLamports: '0' };
const answer = (over: Partial<PlayerLimitsAnswer> = {}): PlayerLimitsAnswer => ({
  walletAddress: TEST_WALLET,
  exclusion: null,
  daily: noLimit,
  weekly: noLimit,
  ...over,
});
const EXCLUDED =
  'You have excluded yourself from paid games until 2025-06-03 12:00 UTC. Practice mode is still open.';
const excluded = answer({
  exclusion: { startedAt: '2025-06-02T12:00:00.000Z', endsAt: '2025-06-03T12:00:00.000Z' },
});
/** 0.02 SOL a day: Smol Shrimp's 0.025 SOL entry could pass it. */
const dailyBelowEntry = answer({ daily: { lamports: '20000000', pending: null, lossLamports: '0' } });

describe('the paid modes a player’s own protection closes before paying', () => {
  it('a self-exclusion closes every paid mode with its end, in the server’s words; practice is never listed', () => {
    const closures = closuresOf(excluded, NOW);
    expect(Object.keys(closures.reasons).sort()).toEqual([...PAID].sort());
    for (const id of PAID) expect(closures.reasons[id]).toBe(EXCLUDED);
    expect(closures.recheckAt).toBe(Date.parse('2025-06-03T12:00:00Z'));
  });

  it('a daily loss limit below an entry closes that mode and every dearer one, with what is left, exactly', () => {
    const { reasons } = closuresOf(dailyBelowEntry, NOW);
    expect(Object.keys(reasons).sort()).toEqual([...PAID].sort());
    expect(reasons.smol_shrimp).toBe(
      "This game could take you past your loss limit for paid games: 0.02 SOL is left of your daily limit of 0.02 SOL and this game's entry is 0.025 SOL. Practice mode is still open.",
    );
    const wide = answer({ daily: { lamports: '30000000', pending: null, lossLamports: '0' } });
    expect(Object.keys(closuresOf(wide, NOW).reasons)).not.toContain('smol_shrimp');
    expect(Object.keys(closuresOf(wide, NOW).reasons)).toContain('tiny_tuna');
  });

  it('a raise waiting for its time does not open a mode yet, and is the time to read again', () => {
    const pending = answer({
      daily: {
        lamports: '20000000',
        pending: { lamports: null, effectiveAt: '2025-06-03T00:00:00.000Z' },
        lossLamports: '0',
      },
    });
    const closures = closuresOf(pending, NOW);
    expect(closures.reasons.smol_shrimp).toBeDefined();
    expect(closures.recheckAt).toBe(Date.parse('2025-06-03T00:00:00Z'));
    expect(closuresOf(pending, Date.parse('2025-06-03T00:00:00Z')).reasons).toEqual({});
  });

  it('no limits, or no sign-in, closes nothing', () => {
    expect(closuresOf(answer(), NOW).reasons).toEqual({});
    expect(closuresOf(answer({ walletAddress: null }), NOW)).toEqual({
      walletAddress: null,
      reasons: {},
      recheckAt: null,
    });
  });
});

let limits: PlayerLimitsAnswer;
let banStatus: unknown;
const CODE = '7dJk2mQpR9xZ';
const challenge = () => ({
  code: CODE,
  mode: 'smol_shrimp',
  stakeLamports: '25000000',
  prizeLamports: '37500000',
  challengerAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  status: 'open',
  expiresAt: new Date(Date.now() + 9 * 60_000).toISOString(),
  serverTime: new Date(Date.now()).toISOString(),
});
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url === `/api/challenges/${CODE}/action-payment`) return jsonResponse(200, { signature: null });
  if (url === `/api/challenges/${CODE}`) return jsonResponse(200, challenge());
  return jsonResponse(200, String(url).includes('/api/player/limits') ? limits : banStatus);
});

beforeAll(async () => {
  await import('../../common/api/player-api.ts');
  await import('../limits/paid-play-closures.ts');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  limits = answer();
  banStatus = { banned: false, walletBanned: false, ipBanned: false, message: null };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card = (id: string) => screen.getByTestId(`mode-card-${id}`) as HTMLButtonElement;

function renderLobby(signedIn = true, challengeCode?: string) {
  const wallet = fakeWallet({ balanceLamports: 100_000_000_000n, signedIn });
  const game = fakeGame();
  render(
    <FakeProviders wallet={wallet} game={game}>
      <LobbyScreen challengeCode={challengeCode} />
    </FakeProviders>,
  );
  return { wallet, game };
}

describe('the lobby closes what the player’s limits do not allow, before any payment', () => {
  it('a daily loss limit below an entry disables that card with its reason; Find Match asks no payment', async () => {
    limits = dailyBelowEntry;
    const { wallet } = renderLobby();
    await vi.waitFor(() => expect(card('smol_shrimp').disabled).toBe(true), { timeout: 5_000 });
    expect(screen.getByTestId('mode-closed-smol_shrimp').textContent).toContain(
      '0.02 SOL is left of your daily limit of 0.02 SOL',
    );
    expect(card('practice').disabled).toBe(false);
    expect(screen.queryByTestId('mode-closed-practice')).toBeNull();
    fireEvent.click(card('smol_shrimp'));
    fireEvent.click(screen.getByRole('button', { name: 'Find Match' }));
    await settle(3);
    expect(wallet.payEntry).not.toHaveBeenCalled();
  });

  it('a self-exclusion closes every paid card; practice stays open', async () => {
    limits = excluded;
    renderLobby();
    await vi.waitFor(() => expect(card('giga_whale').disabled).toBe(true), { timeout: 5_000 });
    for (const id of PAID) {
      expect(card(id).disabled, id).toBe(true);
      expect(screen.getByTestId(`mode-closed-${id}`).textContent).toBe(EXCLUDED);
    }
    expect(card('practice').disabled).toBe(false);
  });

  it('Accept Challenge of a paid mode the limits close is disabled with the reason under it; no payment', async () => {
    limits = excluded;
    const { wallet } = renderLobby(true, CODE);
    await vi.waitFor(() => expect(screen.getByTestId('accept-closed-reason').textContent).toBe(EXCLUDED), {
      timeout: 5_000,
    });
    const accept = screen.getByTestId('accept-challenge') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    fireEvent.click(accept);
    await settle(3);
    expect(wallet.payEntry).not.toHaveBeenCalled();
  });

  it('a restricted lobby, signed out by its ban, asks again on its own: an unban reopens it with no new sign-in', async () => {
    banStatus = { banned: true, walletBanned: true, ipBanned: false, message: 'Your wallet has been banned' };
    renderLobby(false);
    await vi.waitFor(() => expect(screen.queryByTestId('restricted-banner')).not.toBeNull(), {
      timeout: 5_000,
    });
    expect(card('practice').disabled).toBe(true);
    banStatus = { banned: false, walletBanned: false, ipBanned: false, message: null };
    await vi.advanceTimersByTimeAsync(BAN_RECHECK_MS);
    await vi.waitFor(() => expect(screen.queryByTestId('restricted-banner')).toBeNull(), { timeout: 5_000 });
    expect(card('practice').disabled).toBe(false);
  });
});
