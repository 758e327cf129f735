import { describe, expect, it } from 'vitest';
import { gameOutcome, wonByOpponentLeaving } from './game-outcome.ts';

describe('gameOver outcome rules', () => {
  it.each([
    // reason, finalResult, winner, own index → outcome
    ['opponent_disqualified', null, 1, 0, 'win'],
    ['score', 'win', 1, 0, 'win'],
    ['auto_disqualified', 'win', 0, 0, 'win'],
    ['auto_disqualified', null, 0, 0, 'lose'],
    ['excessive_disconnects', null, 0, 0, 'lose'],
    ['score', 'loss', 0, 0, 'lose'],
    ['score', null, 1, 1, 'win'],
    ['disconnect_timeout', null, 1, 0, 'lose_disconnect'],
    ['score', null, 1, 0, 'lose'],
    [null, null, null, 0, 'lose'],
    ['opponent_timeout', null, 0, 0, 'win'],
  ] as const)(
    'reason %s, finalResult %s, winner %s, own seat %s: %s',
    (reason, finalResult, winner, me, outcome) => {
      expect(gameOutcome({ reason, finalResult, winner, playerIndex: me })).toBe(outcome);
    },
  );

  it.each([
    ['win', 'opponent_disconnected', true],
    ['win', 'opponent_timeout', true],
    ['win', 'opponent_disqualified', true],
    ['win', 'score', false],
    ['lose', 'opponent_disconnected', false],
  ] as const)("'Victory awarded!' for a %s by %s: %s", (outcome, reason, expected) => {
    expect(wonByOpponentLeaving(outcome, reason)).toBe(expected);
  });
});
