// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../state/game-view.ts';
import { GamePage } from './game-page.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './test-support/fake-game.tsx';

/**
 * On a phone the game-over screen kept the game's scroll position, so the result could be off
 * screen. Each change of screen in SPEC §2's flows scrolls the page to the top.
 */

let scrolls: unknown[][] = [];
beforeEach(() => {
  vi.useFakeTimers();
  scrolls = [];
  vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
    scrolls.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const over = {
  outcome: 'win' as const,
  scores: [11, 4] as [number, number],
  reason: 'score',
  message: '',
  opponentDisconnected: false,
};

function page(view: Partial<GameView> = {}) {
  return renderWithGame(
    <GamePage lobby={<p>lobby slot</p>} gameScreen={() => <p>canvas placeholder</p>} />,
    fakeGame(view),
  );
}

describe('a new screen starts at the top of the page', () => {
  it('the first screen does not scroll; the same screen re-rendered does not scroll', () => {
    const rendered = page();
    rendered.show({ playersOnline: 5 });
    expect(scrolls).toHaveLength(0);
  });

  it('game -> game over scrolls to the top once, and so does each screen of the flow but the game', () => {
    const rendered = page();
    rendered.show({ searching: true, searchStartTime: Date.now() });
    expect(scrolls).toEqual([[0, 0]]);
    rendered.show({ searching: false, state: 'countdown', gameId: TEST_GAME_ID, playerIndex: 0 });
    expect(scrolls).toHaveLength(2);
    // The game screen places its canvas itself (game/canvas-fit.ts): no scroll to the top over it.
    rendered.show({ state: 'playing' });
    expect(scrolls).toHaveLength(2);
    // Score updates while playing are the same screen: no scrolling during the game.
    rendered.show({
      data: { winner: null, scores: [3, 2], paddlePositions: [300, 300], gameState: 'playing' },
    });
    expect(scrolls).toHaveLength(2);
    rendered.show({ state: 'gameOver', gameOver: over });
    expect(scrolls).toHaveLength(3);
    expect(scrolls.at(-1)).toEqual([0, 0]);
  });
});
