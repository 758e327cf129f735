import { describe, expect, it } from 'vitest';
import { createMatchPhysics, type Phase } from '../../../common/game/physics.ts';
import { replayVerdict } from './replay-verdict.ts';

const SEED = '0123456789abcdef0123456789abcdef';

function replayEnding(phase: Phase, scores: [number, number]) {
  const final = { ...createMatchPhysics(SEED, 0), phase, scores };
  return { final, winner: phase.name === 'gameOver' ? phase.winner : null, scores };
}

describe('admin replay verdict: how a reproduced match ended', () => {
  it.each([
    [
      'on points: nothing added',
      { name: 'gameOver', winner: 0, reason: 'score' },
      [11, 4],
      '11-4, Player 1 wins',
    ],
    [
      'a level score at the final whistle says so, so a 0-0 with a winner reads right',
      { name: 'gameOver', winner: 1, reason: 'finalWhistle' },
      [0, 0],
      '0-0, Player 2 wins (at the final whistle)',
    ],
    [
      'by forfeit',
      { name: 'gameOver', winner: 1, reason: 'forfeit' },
      [3, 2],
      '3-2, Player 2 wins (by forfeit)',
    ],
  ] as const)('%s', (_, phase, scores, text) => {
    const replay = replayEnding(phase, [scores[0], scores[1]]);
    const recorded = {
      player1Score: scores[0],
      player2Score: scores[1],
      winner: phase.winner === 0 ? ('player1' as const) : ('player2' as const),
    };
    expect(replayVerdict(recorded, replay)).toEqual({
      kind: 'reproduced',
      text: `Replay reproduces the recorded result: ${text}`,
    });
  });
});
