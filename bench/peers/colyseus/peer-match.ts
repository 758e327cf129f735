/**
 * The match both Colyseus rooms run: this project's own physics (src/common/game) stepped
 * once per tick, with the paddle targets the players sent applied as the product applies them (the latest
 * target of each seat, clamped onto the canvas, in force until a new one comes). Practice-like: no money,
 * no reconnection window. Pure: no Colyseus, no clock; the rooms own the timers.
 */

import {
  clampPaddleTarget,
  createMatchPhysics,
  forfeit,
  type MatchPhysics,
  type PlayerIndex,
  step,
} from '../../../src/common/game/physics.ts';
import type { GameData } from '../../../src/common/protocol.ts';
import { DEFAULT_COUNTDOWN_SECONDS, OPPONENT_FOUND_SECONDS } from '../../../src/common/rules.ts';
import { toGameData } from '../../../src/server/game/match/match-game-data.ts';

/** The countdown players see, after the product's opponent-found lead-in (SPEC §9), as a practice match. */
export const PEER_COUNTDOWN_SECONDS = DEFAULT_COUNTDOWN_SECONDS;
const PHYSICS_COUNTDOWN_SECONDS = OPPONENT_FOUND_SECONDS + DEFAULT_COUNTDOWN_SECONDS;

/** The message a player sends for its paddle: the centre y it wants, a finite number. */
export const PADDLE_MESSAGE = 'paddle';

export type PaddleInput = { ok: true; target: number } | { ok: false; error: string };

/** Validates a `paddle` message off the wire: a finite number of canvas units, clamped onto the canvas. */
export function paddleInputOf(message: unknown): PaddleInput {
  if (typeof message !== 'number' || !Number.isFinite(message)) {
    return { ok: false, error: `${PADDLE_MESSAGE} expects the paddle centre y as a finite number` };
  }
  return { ok: true, target: clampPaddleTarget(message)! };
}

export interface PeerMatch {
  physics(): MatchPhysics;
  /** A seat's clamped paddle target, in force from the next tick. */
  offer(seat: PlayerIndex, target: number): void;
  /** One 60 Hz step; true once the match is over (11 points, or a forfeit). */
  tick(): boolean;
  /** A player left before the end: the other wins. */
  forfeit(loser: PlayerIndex): void;
  over(): boolean;
  /** SPEC §3 Game data, the same for both seats (no one is ever away here). */
  gameData(gameId: string, now: number): GameData;
}

export function createPeerMatch(seedHex: string): PeerMatch {
  let physics = createMatchPhysics(seedHex, PHYSICS_COUNTDOWN_SECONDS);
  const targets: [number | null, number | null] = [null, null];
  const over = () => physics.phase.name === 'gameOver';
  return {
    physics: () => physics,
    offer(seat, target) {
      if (!over()) targets[seat] = clampPaddleTarget(target);
    },
    tick() {
      if (!over()) physics = step(physics, targets).state;
      return over();
    },
    forfeit(loser) {
      physics = forfeit(physics, loser).state;
    },
    over,
    gameData(gameId, now) {
      const { phase } = physics;
      return toGameData({
        gameId,
        physics,
        countdownSeconds: PEER_COUNTDOWN_SECONDS,
        now,
        paused: false,
        away: null,
        over: phase.name === 'gameOver' ? { winner: phase.winner, reason: phase.reason } : null,
      });
    },
  };
}

/** The product's `gameState` message for one seat, as JSON text: the data's text made once per tick. */
export function gameStateText(gameId: string, seat: PlayerIndex, now: number, dataText: string): string {
  return `{"type":"gameState","gameId":${JSON.stringify(gameId)},"playerIndex":${seat},"timestamp":${now},"data":${dataText}}`;
}
