/**
 * What a bot knows of its game on the product's wire (protocol.ts): the last keyframe (`gameState`), the ball's
 * last authoritative point (a `ballEvent`, or a later keyframe while the ball is in play) and the paddles as
 * last reported, the opponent's from its `opponentPaddle` reports, its own where it put it. Between those the ball is flown on with the shared
 * prediction (common/game/ball-track.ts), as the client does. Pure: the server's time is passed in.
 *
 * The client's own blending of the drawn ball (src/client/game/ball-prediction.ts) is written alongside this
 * and is not used here: the drawn ball is ball-track's `ballAt` from the latest anchor, the prediction that
 * blending starts from (flown incrementally by bench/flight-cursor.ts, to the same bit).
 */
import { type BallAnchor, MAX_FLIGHT_TICKS, ticksSince } from '../src/common/game/ball-track.ts';
import type { GameData, GameStateName, ServerMessage } from '../src/common/protocol.ts';
import type { BrainSight } from '../src/server/game/match/bot-brain.ts';
import { createFlightCursor } from './flight-cursor.ts';

export interface BallView {
  /** A server message, in the order heard (a batch's messages one by one). */
  heard(message: ServerMessage): void;
  /** The bot put its own paddle's target here: the client knows its own paddle without waiting for a report. */
  ownTarget(y: number): void;
  /** The game being played and the bot's seat, from its first keyframe; null before one. */
  game(): { id: string; seat: 0 | 1 } | null;
  phase(): GameStateName | null;
  /** The last keyframe's paddle centres, with the later reports (and the bot's own target) laid over them. */
  paddles(): readonly [number, number];
  /** What the brain sees at server time `serverNow`: the ball flown on to the last whole tick. */
  sight(serverNow: number): BrainSight | null;
  /** Where the client draws the ball at server time `serverNow` (ball-track's `ballAt`); null before any keyframe. */
  drawn(serverNow: number): { x: number; y: number } | null;
}

export function createBallView(): BallView {
  let game: { id: string; seat: 0 | 1 } | null = null;
  let keyframe: GameData | null = null;
  /** The last ball event of the ball in play (exact), and a keyframe of it heard since (two decimals). */
  let event: BallAnchor | null = null;
  let later: BallAnchor | null = null;
  let reported: [number, number] = [300, 300];
  let own: number | null = null;
  const cursor = createFlightCursor();

  /**
   * The anchor to fly from: the event's, exact, while ball-track still flies that far (MAX_FLIGHT_TICKS);
   * past that a later keyframe's (velocity to two decimals drifts by under a unit over a flight).
   */
  const anchorAt = (serverNow: number): BallAnchor | null => {
    if (keyframe?.gameState !== 'playing') return null;
    if (event && (!later || ticksSince(event, serverNow) <= MAX_FLIGHT_TICKS)) return event;
    return later ?? event;
  };
  const paddles = (): [number, number] => {
    if (!game || own === null) return reported;
    return game.seat === 0 ? [own, reported[1]] : [reported[0], own];
  };

  return {
    heard(message) {
      switch (message.type) {
        case 'gameState': {
          const { data } = message;
          if (game?.id !== message.gameId) {
            game = { id: message.gameId, seat: message.playerIndex };
            own = null;
          }
          keyframe = data;
          reported = [data.paddlePositions[0], data.paddlePositions[1]];
          if (data.gameState !== 'playing' || data.tick === undefined) {
            event = null;
            later = null;
            return;
          }
          later = {
            tick: data.tick,
            at: data.timestamp,
            ball: { ...data.ballPos, vx: data.ballVelocity.x, vy: data.ballVelocity.y },
            rallyHits: data.rallyHits ?? 0,
          };
          return;
        }
        case 'ballEvent': {
          if (message.gameId !== game?.id) return;
          const [x, y, vx, vy] = message.ball;
          event = {
            tick: message.tick,
            at: message.at,
            ball: { x, y, vx, vy },
            rallyHits: message.rallyHits,
          };
          later = null;
          reported = [message.paddles[0], message.paddles[1]];
          return;
        }
        case 'opponentPaddle': {
          if (!game) return;
          reported[game.seat === 0 ? 1 : 0] = message.y;
          return;
        }
        case 'gameOver': {
          if (message.gameId === game?.id && keyframe) keyframe = { ...keyframe, gameState: 'gameOver' };
          event = null;
          later = null;
          return;
        }
        default:
          return;
      }
    },
    ownTarget(y) {
      own = y;
    },
    game: () => game,
    phase: () => keyframe?.gameState ?? null,
    paddles,
    sight(serverNow) {
      if (!keyframe) return null;
      const anchor = anchorAt(serverNow);
      if (!anchor) return keyframe;
      const { ball } = cursor.flyFrom(anchor, ticksSince(anchor, serverNow), paddles());
      return {
        gameState: keyframe.gameState,
        ballPos: { x: ball.x, y: ball.y },
        ballVelocity: { x: ball.vx, y: ball.vy },
      };
    },
    drawn(serverNow) {
      if (!keyframe) return null;
      const anchor = anchorAt(serverNow);
      if (!anchor) return keyframe.ballPos;
      const at = cursor.ballAt(anchor, serverNow, paddles());
      return { x: at.x, y: at.y };
    },
  };
}
