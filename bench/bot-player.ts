/**
 * What a bot does with each state it receives from a server that streams states (a Colyseus peer room; the
 * product's wire of keyframes and events is bench/wire-player.ts): the human-like brain (src/server/game/house-bot/bot-brain.ts),
 * SPEC §5's move throttle, and the recorders: the echo of a move (timed from a paddle at rest to the first
 * state whose paddle moved) and the gaps between states. Pure: the time is passed in; the transport is the
 * caller's.
 */
import { clampPaddleTarget } from '../src/common/game/physics.ts';
import type { GameData } from '../src/common/protocol.ts';
import { createBotBrain, randomSkill } from '../src/server/game/match/bot-brain.ts';
import type { BotRecorders } from './bot.ts';
import { createGapCounter } from './snapshot-gaps.ts';

/** SPEC §5: the client sends a paddle target only when it moved more than 2 units, at most every 16 ms. */
const MOVE_MIN_DELTA = 2;
const MOVE_MIN_MS = 16;
/** The phases in which a bot's hand moves its paddle. */
export const MOVING_STATES = new Set<GameData['gameState']>([
  'countdown',
  'firstServe',
  'playing',
  'roundEnd',
]);
const ECHO_GIVE_UP_MS = 5_000;

/** SPEC §5's move throttle: `pass` says whether a target is sent now, and then remembers it as sent. */
export function createMoveThrottle() {
  let sent = { target: Number.NaN, atMs: Number.NEGATIVE_INFINITY };
  return {
    pass(target: number, nowMs: number): boolean {
      if (Math.abs(target - sent.target) <= MOVE_MIN_DELTA || nowMs - sent.atMs < MOVE_MIN_MS) return false;
      sent = { target, atMs: nowMs };
      return true;
    },
    /** The last target sent and when (NaN and −∞ before any). */
    last: () => sent,
    reset() {
      sent = { target: Number.NaN, atMs: Number.NEGATIVE_INFINITY };
    },
  };
}

export interface BotPlayer {
  /** A state of game `gameId` seen from `seat` arrived at `nowMs`: the paddle target to send, or null. */
  see(gameId: string, seat: 0 | 1, data: GameData, nowMs: number): number | null;
  /** The last state's game name (null before any). */
  state(): GameData['gameState'] | null;
}

/**
 * `countsGameOver`: count a game's end when its state turns to gameOver (a Colyseus room has no gameOver
 * message); the product's bot counts its gameOver message instead.
 */
export function createBotPlayer(
  random: () => number,
  rec: BotRecorders,
  options: { countsGameOver: boolean },
): BotPlayer {
  let game: { id: string; seat: 0 | 1; brain: ReturnType<typeof createBotBrain> } | null = null;
  let state: GameData['gameState'] | null = null;
  const throttle = createMoveThrottle();
  let ownY = Number.NaN;
  let ownYBefore = Number.NaN;
  let echo: { sentAt: number; restY: number } | null = null;
  const gaps = createGapCounter();

  return {
    state: () => state,
    see(gameId, seat, data, now) {
      if (!game || game.id !== gameId) {
        game = { id: gameId, seat, brain: createBotBrain(seat, randomSkill(random), random) };
        game.brain.reset(data.paddlePositions[seat]);
        echo = null;
        throttle.reset();
        ownY = Number.NaN;
      }
      const gap = gaps.arrived(gameId, now);
      if (rec.measuring) {
        // A peer room's state is one message in one frame.
        rec.messages++;
        rec.frames++;
        rec.snapshots++;
        if (gap !== null) rec.gaps.add(gap);
        if (options.countsGameOver && data.gameState === 'gameOver' && state !== 'gameOver') rec.gamesOver++;
      }
      state = data.gameState;
      ownYBefore = ownY;
      ownY = data.paddlePositions[seat];
      if (echo && (ownY !== echo.restY || now - echo.sentAt > ECHO_GIVE_UP_MS)) {
        if (ownY !== echo.restY && rec.measuring) rec.echo.add(now - echo.sentAt);
        echo = null;
      }
      if (!MOVING_STATES.has(data.gameState)) return null;
      const target = game.brain.see(data, now);
      if (!throttle.pass(target, now)) return null;
      // Timed only from rest: then the first state whose paddle moved is the one that shows this move.
      const clamped = clampPaddleTarget(target);
      if (!echo && ownY === ownYBefore && clamped !== null && Math.abs(clamped - ownY) >= 1) {
        echo = { sentAt: now, restY: ownY };
      }
      return target;
    },
  };
}
