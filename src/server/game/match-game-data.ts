import { TICK_HZ } from '../../common/game/constants.ts';
import type { MatchPhysics, PlayerIndex } from '../../common/game/physics.ts';
import type { GameData, GameStateName } from '../../common/protocol.ts';

/** What the match knows beyond the physics when it describes itself to one seat. */
export interface GameDataView {
  gameId: string;
  physics: MatchPhysics;
  /** The countdown players see: a lead-in before it shows as this value (never more). */
  countdownSeconds: number;
  now: number;
  paused: boolean;
  /** The seat shown as disconnected to this viewer, with its window's whole seconds left. */
  away: { seat: PlayerIndex; secondsLeft: number } | null;
  /** Set once the match is over: the winner and this viewer's gameOver reason. */
  over: { winner: PlayerIndex; reason: string } | null;
}

function stateName(view: GameDataView): GameStateName {
  if (view.over) return 'gameOver';
  if (view.paused) return 'waitingForReconnection';
  return view.physics.phase.name;
}

/** SPEC §3 "Game data" for one seat. */
export function toGameData(view: GameDataView): GameData {
  const { physics } = view;
  const { phase, ball } = physics;
  return {
    id: view.gameId,
    gameState: stateName(view),
    winner: view.over?.winner ?? null,
    scores: [physics.scores[0], physics.scores[1]],
    ballPos: { x: ball.x, y: ball.y },
    ballVelocity: { x: ball.vx, y: ball.vy },
    paddlePositions: [physics.paddles[0], physics.paddles[1]],
    countdownTime:
      phase.name === 'countdown' ? Math.min(view.countdownSeconds, Math.ceil(phase.ticksLeft / TICK_HZ)) : 0,
    currentServer: physics.server,
    reconnectionTimeLeft: view.away?.secondsLeft ?? null,
    reason: view.over?.reason ?? null,
    timestamp: view.now,
    disconnectedPlayerIndex: view.away?.seat ?? null,
  };
}
