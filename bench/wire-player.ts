/**
 * A product bot's play on the product's wire (keyframes, ball events, opponent paddle reports: protocol.ts).
 * It keeps a ball view (bench/ball-view.ts) from what it hears, and its hand moves on a regular hand tick
 * (HAND_TICK_MS), not once per message: the brain (src/server/game/house-bot/bot-brain.ts) sees the ball flown on to that moment,
 * so its reaction time and hand speed still model a person. On each hand tick it also samples where a client
 * would draw the ball (bench/drawn-ball-error.ts judges it once the truth is heard), and it times the echo of
 * its moves at the opponent (bench/echo-board.ts). Pure: local time and the server's time are passed in.
 */
import { clampPaddleTarget } from '../src/common/game/physics.ts';
import type { GameStateName, ServerMessage } from '../src/common/protocol.ts';
import { createBotBrain, randomSkill } from '../src/server/game/match/bot-brain.ts';
import { createBallView } from './ball-view.ts';
import type { BotRecorders } from './bot.ts';
import { createMoveThrottle, MOVING_STATES } from './bot-player.ts';
import { createDrawnBallError } from './drawn-ball-error.ts';
import { type EchoBoard, REST_MS } from './echo-board.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { createGapCounter } from './snapshot-gaps.ts';

/**
 * The hand tick: 20 a second, the rate the bots answered the old wire's snapshots at, so the server reads as
 * many moves as before and the CPU figures compare. SPEC §5's throttle (2 units, 16 ms) still applies.
 */
export const HAND_TICK_MS = 50;

export interface WirePlayerOptions {
  /** The drawn-ball error's histogram for this bot's added round trip. */
  drawnError: SampleHistogram;
  /** The load process's echo board; null when this bot's times are skewed by an added round trip. */
  echoBoard: EchoBoard | null;
}

export interface WirePlayer {
  /** A message delivered at local time `nowMs` (after any added delay). */
  heard(message: ServerMessage, nowMs: number): void;
  /** The hand tick at local `nowMs`, server time `serverNow`: the move to send, or null. */
  hand(nowMs: number, serverNow: number): { gameId: string; position: number } | null;
  state(): GameStateName | null;
}

export function createWirePlayer(
  random: () => number,
  rec: BotRecorders,
  options: WirePlayerOptions,
): WirePlayer {
  const view = createBallView();
  const error = createDrawnBallError((units) => {
    if (rec.measuring) options.drawnError.add(units);
  });
  const throttle = createMoveThrottle();
  const keyframeGaps = createGapCounter();
  let brain: { gameId: string; of: ReturnType<typeof createBotBrain> } | null = null;
  let over = false;

  return {
    state: () => (over ? 'gameOver' : view.phase()),
    heard(message, now) {
      if (rec.measuring) rec.messages++;
      view.heard(message);
      error.heard(message);
      if (message.type === 'gameState') {
        over = false;
        const gap = keyframeGaps.arrived(message.gameId, now);
        if (rec.measuring) {
          rec.snapshots++;
          if (gap !== null) rec.gaps.add(gap);
        }
      }
      if (message.type === 'gameOver') over = true;
      const game = view.game();
      if (message.type === 'opponentPaddle' && game && options.echoBoard) {
        const echo = options.echoBoard.heard(game.id, game.seat === 0 ? 1 : 0, message.y, now);
        if (echo !== null && rec.measuring) rec.echo.add(echo);
      }
    },
    hand(now, serverNow) {
      const game = view.game();
      const sight = view.sight(serverNow);
      if (over || !game || !sight || !MOVING_STATES.has(sight.gameState)) return null;
      error.drawn(serverNow, view.drawn(serverNow));
      if (brain?.gameId !== game.id) {
        brain = { gameId: game.id, of: createBotBrain(game.seat, randomSkill(random), random) };
        brain.of.reset(view.paddles()[game.seat]);
        throttle.reset();
      }
      const target = brain.of.see(sight, now);
      const before = throttle.last();
      if (!throttle.pass(target, now)) return null;
      const clamped = clampPaddleTarget(target) ?? target;
      // Timed only from rest: the opponent's last report shows the paddle where it stood.
      const restY = Number.isNaN(before.target)
        ? view.paddles()[game.seat]
        : (clampPaddleTarget(before.target) ?? 0);
      if (now - before.atMs >= REST_MS && Math.abs(clamped - restY) >= 1)
        options.echoBoard?.moved(game.id, game.seat, restY, now);
      view.ownTarget(clamped);
      return { gameId: game.id, position: target };
    },
  };
}
