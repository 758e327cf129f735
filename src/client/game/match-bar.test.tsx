// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGame, renderWithGame, TEST_GAME_ID } from '../screens/test-support/fake-game.tsx';
import { MATCH_BAR_TEXTS, MatchBar } from './match-bar.tsx';

afterEach(cleanup);

const playing = (gameMode: 'smol_shrimp' | 'practice') =>
  fakeGame({
    state: 'playing',
    gameId: TEST_GAME_ID,
    playerIndex: 0,
    gameMode,
    opponentName: 'H9Yz3...SRGMh',
  });

describe('the match bar under the game field', () => {
  it('names the mode, the stake, the prize and the opponent', () => {
    renderWithGame(<MatchBar />, playing('smol_shrimp'));
    const bar = screen.getByTestId('match-bar').textContent;
    expect(bar).toContain('Smol Shrimp · Stake 0.025 SOL · Prize 0.0375 SOL · vs H9Yz3...SRGMh');
  });

  it('practice: nothing at stake', () => {
    renderWithGame(<MatchBar />, playing('practice'));
    expect(screen.getByTestId('match-bar').textContent).toContain('Free Play · practice, nothing at stake');
  });

  it("'Leave match' asks first, says it forfeits and what the opponent is paid; 'Keep playing' sends nothing", () => {
    const game = playing('smol_shrimp');
    renderWithGame(<MatchBar />, game);
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.leave }));
    const dialog = screen.getByRole('alertdialog', { name: MATCH_BAR_TEXTS.confirmTitle });
    expect(dialog.textContent).toContain(
      'Leaving now forfeits the match: your opponent wins and is paid 0.0375 SOL. Your entry is not refunded.',
    );
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.stay }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(game.names()).toEqual([]);
  });

  it("'Leave and forfeit' sends the exit", () => {
    const game = playing('practice');
    renderWithGame(<MatchBar />, game);
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.leave }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Leaving now forfeits the match: your opponent wins.',
    );
    fireEvent.click(screen.getByRole('button', { name: MATCH_BAR_TEXTS.confirmLeave }));
    expect(game.names()).toEqual(['exit']);
  });
});
