import { createMatchPhysics, step } from '../../src/common/game/physics.ts';
import type { GameData } from '../../src/common/protocol.ts';
// The server's own description of a match, so the harness streams exactly what a client receives.
import { toGameData } from '../../src/server/game/match-game-data.ts';

/**
 * A real match of the shared physics, stepped at the server's tick rate in the page, so the harness streams
 * snapshots shaped and timed like the server's. Both paddles chase the ball; the player's own paddle follows
 * the player's last paddle target once there is one.
 */
export interface SimulatedMatch {
  /** Steps one tick and returns the snapshot the server would send for it. */
  tick(ownTarget: number | null): GameData;
}

const SEEDS = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210'];

export function createSimulatedMatch(playerIndex: 0 | 1): SimulatedMatch {
  let games = 0;
  let physics = createMatchPhysics(SEEDS[0]!, 0);
  let id = gameId(games);

  return {
    tick(ownTarget) {
      const chase = physics.ball.y;
      const targets: [number, number] = [chase, chase];
      if (ownTarget !== null) targets[playerIndex] = ownTarget;
      physics = step(physics, targets).state;
      if (physics.phase.name === 'gameOver') {
        games += 1;
        physics = createMatchPhysics(SEEDS[games % SEEDS.length]!, 0);
        id = gameId(games);
      }
      return toGameData({
        gameId: id,
        physics,
        countdownSeconds: 0,
        now: physics.tick,
        paused: false,
        away: null,
        over: null,
      });
    },
  };
}

function gameId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
