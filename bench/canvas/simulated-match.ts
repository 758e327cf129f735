import type { ServerMessage } from '../../src/common/protocol.ts';
// The server's own match (physics, keyframes, ball events, paddle reports), so the harness streams exactly
// what a client receives, at the cadence it receives it.
import { createMatch } from '../../src/server/game/match/match.ts';
import type { Match, SeatInfo } from '../../src/server/game/match/match-types.ts';

/**
 * A real match of the server, stepped at its tick rate in the page: what it sends to the player's seat goes
 * to `hear` as it is sent (a keyframe on each change and every 3 s, a ball event at each serve and return,
 * the opponent's paddle at 10 Hz while it moves). The opponent chases the ball; the player's own paddle
 * follows the player's last paddle target once there is one, else chases too. A match that ends is
 * followed by the next one.
 */
export interface SimulatedMatch {
  /** Steps one tick. */
  tick(ownTarget: number | null): void;
}

const SEEDS = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];

const seat = (n: number): SeatInfo => ({
  walletAddress: `Wallet${n}${'1'.repeat(38)}`,
  displayName: `Player-${n}`,
  sessionId: `session-${n}`,
  ip: null,
  userAgent: null,
});

export function createSimulatedMatch(
  playerIndex: 0 | 1,
  hear: (message: ServerMessage) => void,
): SimulatedMatch {
  let games = 0;
  let match = start();

  function start(): Match {
    return createMatch({
      id: gameId(games),
      mode: 'practice',
      seats: [seat(0), seat(1)],
      seed: SEEDS[games % SEEDS.length]!,
      countdownSeconds: 0,
      clock: { now: () => Date.now() },
      send: (to, message) => {
        if (to === playerIndex) hear(message);
      },
      onEnd: () => {},
    });
  }

  return {
    tick(ownTarget) {
      const other = playerIndex === 0 ? 1 : 0;
      const ball = match.snapshot(other).ballPos.y;
      match.paddleMove(other, ball);
      match.paddleMove(playerIndex, ownTarget ?? ball);
      match.tick();
      if (match.isOver()) {
        games += 1;
        match = start();
      }
    },
  };
}

function gameId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
