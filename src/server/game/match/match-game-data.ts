import { TICK_HZ } from '../../../common/game/constants.ts';
import { shownPlayTimeLeft } from '../../../common/game/match-length.ts';
import type { MatchPhysics, PlayerIndex } from '../../../common/game/physics.ts';
import type { GameData, GameStateName } from '../../../common/protocol.ts';

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

/** The countdown second players see: the physics countdown, capped at the server-supplied value. */
export function countdownTimeOf(physics: MatchPhysics, countdownSeconds: number): number {
  const { phase } = physics;
  return phase.name === 'countdown' ? Math.min(countdownSeconds, Math.ceil(phase.ticksLeft / TICK_HZ)) : 0;
}

/** Paddle coordinates on the wire: two decimals are far below a pixel and keep keyframes short. */
function wire(n: number): number {
  return Math.round(n * 100) / 100;
}

/** SPEC §3 "Game data" for one seat. */
export function toGameData(view: GameDataView): GameData {
  const { physics } = view;
  const { ball } = physics;
  const playTimeLeft = shownPlayTimeLeft(physics);
  return {
    id: view.gameId,
    gameState: stateName(view),
    winner: view.over?.winner ?? null,
    scores: [physics.scores[0], physics.scores[1]],
    // The ball exact: a keyframe anchors the client's flight of it as a ballEvent does (ball-track.ts).
    ballPos: { x: ball.x, y: ball.y },
    ballVelocity: { x: ball.vx, y: ball.vy },
    paddlePositions: [wire(physics.paddles[0]), wire(physics.paddles[1])],
    countdownTime: countdownTimeOf(physics, view.countdownSeconds),
    currentServer: physics.server,
    reconnectionTimeLeft: view.away?.secondsLeft ?? null,
    reason: view.over?.reason ?? null,
    timestamp: view.now,
    disconnectedPlayerIndex: view.away?.seat ?? null,
    // Left out until its last minute, so a snapshot stays as short as before for most of a match.
    ...(playTimeLeft === null ? {} : { playTimeLeft }),
    tick: physics.tick,
    rallyHits: physics.rallyHits,
  };
}
