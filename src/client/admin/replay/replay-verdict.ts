import type { ReplayResult } from '../../../common/game/replay.ts';
import type { RecordedResult } from './replay-api.ts';

/** Whether the re-simulation reproduces what the game's audit row says, with both results in words. */
export type ReplayVerdict = { kind: 'reproduced'; text: string } | { kind: 'mismatch'; text: string };

const PLAYER_NAMES = { player1: 'Player 1', player2: 'Player 2' } as const;

/** '11-7, Player 1 wins'; a missing score or winner says so rather than passing for a result. */
export function describeResult(
  p1: number | null,
  p2: number | null,
  winner: keyof typeof PLAYER_NAMES | null,
): string {
  const score = p1 === null || p2 === null ? 'no score' : `${p1}-${p2}`;
  return `${score}, ${winner ? `${PLAYER_NAMES[winner]} wins` : 'no winner'}`;
}

export function replayVerdict(recorded: RecordedResult, replay: ReplayResult): ReplayVerdict {
  const replayWinner = replay.winner === null ? null : replay.winner === 0 ? 'player1' : 'player2';
  const [s1, s2] = replay.scores;
  const replayed = describeResult(s1, s2, replayWinner);
  const { phase } = replay.final;
  // How it ended when not on points: a 0-0 with a winner is the final whistle's seeded decision.
  const how =
    phase.name !== 'gameOver' || phase.reason === 'score'
      ? ''
      : phase.reason === 'forfeit'
        ? ' (by forfeit)'
        : ' (at the final whistle)';
  const same =
    recorded.player1Score === s1 && recorded.player2Score === s2 && recorded.winner === replayWinner;
  if (same) {
    return {
      kind: 'reproduced',
      text: `Replay reproduces the recorded result: ${replayed}${how}`,
    };
  }
  const recordedText = describeResult(recorded.player1Score, recorded.player2Score, recorded.winner);
  return {
    kind: 'mismatch',
    text: `Replay does NOT reproduce the recorded result. Recorded: ${recordedText}. Replay: ${replayed}${how}.`,
  };
}
