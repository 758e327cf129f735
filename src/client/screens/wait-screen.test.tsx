// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeGame, renderWithGame } from './test-support/fake-game.tsx';
import { WAIT_TEXTS, WaitScreen } from './wait-screen.tsx';

const START = Date.UTC(2030, 0, 1);
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function searching(over: Parameters<typeof fakeGame>[0] = {}) {
  const game = fakeGame({
    searching: true,
    searchStartTime: START,
    gameMode: 'smol_shrimp',
    playersOnline: 7,
    ...over,
  });
  return { game, ...renderWithGame(<WaitScreen />, game) };
}

describe('matchmaking wait screen', () => {
  it("'SEARCHING FOR OPPONENT...', the seconds waited, players online, status and 2%/s progress", () => {
    searching();
    const heading = screen.getByRole('heading', { name: WAIT_TEXTS.searching });
    // SPEC's text ends in its own three dots: the bouncing ones sit below it, not after it as three more.
    expect(heading.textContent).toBe(WAIT_TEXTS.searching);
    expect(heading.contains(screen.getByTestId('bouncing-dots'))).toBe(false);
    expect(screen.getByText('Smol Shrimp')).toBeTruthy();
    expect(screen.getByText('Players online:').nextSibling?.textContent).toBe('7');
    expect(screen.getByText('Finding an opponent...')).toBeTruthy();
    advance(12_000);
    expect(screen.getByText('Wait time:').nextSibling?.textContent).toBe('12s');
    expect(screen.getByRole('progressbar', { name: 'Search progress' }).getAttribute('aria-valuenow')).toBe(
      '24',
    );
    advance(18_000);
    expect(screen.getByText('Still looking...')).toBeTruthy();
    advance(30_000);
    expect(screen.getByText('Taking longer than usual...')).toBeTruthy();
    advance(30_000);
    expect(screen.getByText('Keep waiting or try a different mode')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it("a Free Play search alone for 15 s is offered 'Play the house bot', which asks for it", () => {
    const { game } = searching({ gameMode: 'practice', queueLengths: { practice: 1 } });
    advance(14_000);
    expect(screen.queryByTestId('house-bot-offer')).toBeNull();
    advance(1_000);
    expect(screen.getByTestId('house-bot-offer').textContent).toContain(WAIT_TEXTS.nobodyElse);
    fireEvent.click(screen.getByRole('button', { name: WAIT_TEXTS.playBot }));
    expect(game.names()).toEqual(['playHouseBot']);
  });

  it('no house bot while someone else searches Free Play, nor for a paid search', () => {
    searching({ gameMode: 'practice', queueLengths: { practice: 2 } });
    advance(20_000);
    expect(screen.queryByTestId('house-bot-offer')).toBeNull();
    cleanup();
    searching({ gameMode: 'smol_shrimp', queueLengths: { smol_shrimp: 1 } });
    advance(20_000);
    expect(screen.queryByTestId('house-bot-offer')).toBeNull();
  });

  it('§1: before CANCEL MATCH appears the screen says it comes after 10 s and keeps 3% of a paid entry, to the lamport', () => {
    searching();
    expect(screen.queryByRole('button', { name: 'CANCEL MATCH' })).toBeNull();
    expect(screen.getByTestId('cancel-rule').textContent).toBe(
      'CANCEL MATCH is available after 10 seconds of waiting (in 10 seconds). Cancelling refunds 97% of your 0.025 SOL entry: 0.02425 SOL comes back and 0.00075 SOL (3%) is kept.',
    );
    advance(7_000);
    expect(screen.getByTestId('cancel-rule').textContent).toMatch(
      /^CANCEL MATCH is available after 10 seconds of waiting \(in 3 seconds\)\./,
    );
    advance(3_000);
    // Beside the button now, until it is pressed: what it keeps.
    expect(screen.getByRole('button', { name: 'CANCEL MATCH' })).toBeTruthy();
    expect(screen.getByTestId('cancel-rule').textContent).toBe(
      'Cancelling refunds 97% of your 0.025 SOL entry: 0.02425 SOL comes back and 0.00075 SOL (3%) is kept.',
    );
  });

  it('§1: a Free Play search says the same wait, and that cancelling keeps nothing', () => {
    searching({ gameMode: 'practice' });
    expect(screen.getByTestId('cancel-rule').textContent).toBe(
      'CANCEL MATCH is available after 10 seconds of waiting (in 10 seconds). Free Play has no entry fee: cancelling keeps nothing.',
    );
  });

  it("'CANCEL MATCH' appears only after 10 s and cancels", () => {
    const { game } = searching();
    advance(9_000);
    expect(screen.queryByRole('button', { name: 'CANCEL MATCH' })).toBeNull();
    advance(1_000);
    fireEvent.click(screen.getByRole('button', { name: 'CANCEL MATCH' }));
    expect(game.names()).toEqual(['cancelSearch']);
  });

  it.each([
    ['cancelling', 'Cancelling matchmaking...'],
    ['refunding', 'Refund being processed...'],
  ] as const)('a cancel under way (%s) shows %j instead of the button', (cancelling, text) => {
    searching({ searchStartTime: START - 20_000, cancelling });
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'CANCEL MATCH' })).toBeNull();
  });

  it("an opponent found before a game id: 'OPPONENT FOUND! MATCH STARTING SOON', a 3 s countdown, no cancel", () => {
    searching({ searchStartTime: START - 20_000, opponentFound: true, opponentName: 'Player-AbCd' });
    expect(screen.getByRole('heading', { name: WAIT_TEXTS.found })).toBeTruthy();
    expect(screen.getByText(WAIT_TEXTS.getReady)).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    advance(1_000);
    expect(screen.getByText('2')).toBeTruthy();
    advance(2_000);
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'CANCEL MATCH' })).toBeNull();
  });

  it("a match just found (its game id already came): 'OPPONENT FOUND! MATCH STARTING SOON' counting 3, 2, 1", () => {
    searching({
      searching: false,
      state: 'countdown',
      gameId: '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e',
      opponentFound: true,
      opponentFoundAt: START,
      opponentName: 'Player-AbCd',
    });
    expect(screen.getByRole('heading', { name: WAIT_TEXTS.found })).toBeTruthy();
    expect(screen.getByText('vs Player-AbCd')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    advance(1_000);
    expect(screen.getByText('2')).toBeTruthy();
    advance(1_000);
    expect(screen.getByText('1')).toBeTruthy();
  });
});
