import { createFakeClock, type FakeClock } from '../../src/common/clock.ts';
import { flyFrom, ticksSince } from '../../src/common/game/ball-track.ts';
import { TICK_MS } from '../../src/common/game/constants.ts';
import type { Ball, PlayerIndex } from '../../src/common/game/physics.ts';
import type { GameModeId } from '../../src/common/game-modes.ts';
import { type ServerMessage, type ServerMessageOf, serverMessageSchema } from '../../src/common/protocol.ts';
import { createMatch } from '../../src/server/game/match/match.ts';
import type { Match, MatchResult, SeatInfo } from '../../src/server/game/match/match-types.ts';

/** Test support for the match suites: a fake clock, an in-memory outbox per seat, and scripted bots. */

export const SEED = '0123456789abcdef0123456789abcdef';
export const GAME_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';

const seat = (n: number): SeatInfo => ({
  walletAddress: `Wallet${n}${'1'.repeat(38)}`,
  displayName: `Player-${n}`,
  sessionId: `session-${n}`,
  ip: null,
  userAgent: null,
});

export interface MatchBed {
  match: Match;
  clock: FakeClock;
  /** Every message sent to each seat, in order, each checked against the protocol schema. */
  outbox: [ServerMessage[], ServerMessage[]];
  results: MatchResult[];
  of<T extends ServerMessage['type']>(seat: PlayerIndex, type: T): ServerMessageOf<T>[];
  clearOutbox(): void;
  /** Advances the clock one tick's worth and ticks, `n` times. */
  ticks(n: number): void;
  /** Ticks until the match is in the 'playing' phase (after the countdown and the first serve). */
  untilPlaying(): void;
}

export function createMatchBed(
  opts: { mode?: GameModeId; countdownSeconds?: number; leadInSeconds?: number; seed?: string } = {},
): MatchBed {
  const clock = createFakeClock();
  const outbox: [ServerMessage[], ServerMessage[]] = [[], []];
  const results: MatchResult[] = [];
  const match = createMatch({
    id: GAME_ID,
    mode: opts.mode ?? 'tiny_tuna',
    seats: [seat(0), seat(1)],
    seed: opts.seed ?? SEED,
    countdownSeconds: opts.countdownSeconds ?? 0,
    ...(opts.leadInSeconds === undefined ? {} : { leadInSeconds: opts.leadInSeconds }),
    clock,
    send: (to, message) => outbox[to].push(serverMessageSchema.parse(message)),
    onEnd: (result) => results.push(result),
  });
  const h: MatchBed = {
    match,
    clock,
    outbox,
    results,
    of: <T extends ServerMessage['type']>(to: PlayerIndex, type: T) =>
      outbox[to].filter((m): m is ServerMessageOf<T> => m.type === type),
    clearOutbox() {
      outbox[0].length = 0;
      outbox[1].length = 0;
    },
    ticks(n) {
      for (let i = 0; i < n; i++) {
        clock.advance(TICK_MS);
        match.tick();
      }
    },
    untilPlaying() {
      for (let i = 0; i < 10_000 && match.snapshot(0).gameState !== 'playing'; i++) h.ticks(1);
      if (match.snapshot(0).gameState !== 'playing') throw new Error('the match never started playing');
    },
  };
  return h;
}

/**
 * Where a client that heard `messages` has the ball at server time `serverNow` (whole ticks): flown on from
 * the last keyframe or ball event, as the client does; null before any.
 */
export function ballSeenBy(messages: readonly ServerMessage[], serverNow: number): Ball | null {
  const last = messages.findLast((m) => m.type === 'gameState' || m.type === 'ballEvent');
  if (last?.type === 'ballEvent') {
    const [x, y, vx, vy] = last.ball;
    const anchor = { tick: last.tick, at: last.at, ball: { x, y, vx, vy }, rallyHits: last.rallyHits };
    return flyFrom(anchor, ticksSince(anchor, serverNow), last.paddles).ball;
  }
  if (last?.type !== 'gameState') return null;
  const { data } = last;
  const ball = { ...data.ballPos, vx: data.ballVelocity.x, vy: data.ballVelocity.y };
  if (data.gameState !== 'playing') return ball;
  const anchor = { tick: data.tick ?? 0, at: data.timestamp, ball, rallyHits: data.rallyHits ?? 0 };
  return flyFrom(anchor, ticksSince(anchor, serverNow), data.paddlePositions).ball;
}

/**
 * Two scripted bots that play only through what a client hears (keyframes and ball events, the ball flown on
 * between them as the client does) and `paddleMove`. Each follows the ball, except on rallies where its
 * script says to miss: then it heads for the far wall.
 */
export function playWithBots(
  h: MatchBed,
  missesPoint: (seat: PlayerIndex, pointsPlayed: number) => boolean,
): void {
  for (let i = 0; i < 60 * 60 * 10 && h.results.length === 0; i++) {
    for (const s of [0, 1] as const) {
      const state = h.outbox[s].findLast((m) => m.type === 'gameState');
      const ball = ballSeenBy(h.outbox[s], h.clock.now());
      if (state?.type !== 'gameState' || !ball) continue;
      const { scores } = state.data;
      const miss = missesPoint(s, scores[0] + scores[1]);
      h.match.paddleMove(s, miss ? (ball.y > 300 ? 0 : 600) : ball.y);
    }
    h.ticks(1);
  }
}
