import { TICK_HZ } from '../../../common/game/constants.ts';
import { CURRENT_GENERATOR } from '../../../common/game/generator-versions.ts';
import { maxRecordedInputs, shownPlayTimeLeft } from '../../../common/game/match-length.ts';
import {
  createMatchPhysics,
  forfeit,
  type MatchPhysics,
  type PlayerIndex,
  step,
} from '../../../common/game/physics.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';
import type { GameData } from '../../../common/protocol.ts';
import { KEYFRAME_TICKS, OPPONENT_PADDLE_TICKS } from '../../../common/rules.ts';
import { MATCH_TEXTS } from './match-constants.ts';
import { countdownTimeOf, toGameData } from './match-game-data.ts';
import { createMatchInputs } from './match-inputs.ts';
import {
  completionStatusOf,
  gameOverMessage,
  type MatchEnd,
  other,
  reconnectRefusal,
  seatOutcome,
  winnerOf,
} from './match-outcome.ts';
import { createSnapshotLog } from './match-snapshots.ts';
import type { Match, MatchOptions, MatchResult, MatchStatus } from './match-types.ts';
import { createReconnectionTracker, type ReconnectionEvent } from './reconnection-tracker.ts';

const SEATS = [0, 1] as const;

/**
 * The tick (mod `period`) on which the match with this id sends what it sends every `period` ticks (its
 * keyframe, its paddle reports): a server's matches spread their sends over all ticks instead of piling them
 * onto the same ones (a tick's length is what delays every match). From the game id (random, and public
 * anyway), never the seed: a beat anyone can time would give away bits of the secret seed.
 */
export function beatOf(gameId: string, period: number): number {
  const n = Number.parseInt(gameId.slice(0, 8), 16);
  return Number.isFinite(n) ? n % period : 0;
}

/** Paddle centres on the wire: a tenth of a unit is far below a pixel. */
function paddleOnWire(y: number): number {
  return Math.round(y * 10) / 10;
}

/**
 * One authoritative match (ARCHITECTURE invariants 4, 8, 9): the gateway calls in, messages go out through
 * `send`, the result goes to `onEnd` once. No sockets, no database, no timers of its own: the runner calls
 * `tick()` and every deadline is read from the injected clock.
 */
export function createMatch(options: MatchOptions): Match {
  const { id, clock } = options;
  const startedAt = clock.now();
  // The record keeps the whole physics countdown, so replayMatch re-runs the match tick for tick.
  const physicsCountdownSeconds = (options.leadInSeconds ?? 0) + options.countdownSeconds;
  let physics: MatchPhysics = createMatchPhysics(options.seed, physicsCountdownSeconds, CURRENT_GENERATOR);
  const inputs = createMatchInputs(maxRecordedInputs(physicsCountdownSeconds));
  const links = createReconnectionTracker();
  const snapshots = createSnapshotLog();
  let pausedSince: number | null = null;
  let pausedMs = 0;
  let result: MatchResult | null = null;
  /** When the match was cancelled (its challenger never joined), if it was. */
  let cancelledAt: number | null = null;
  /** Whether each seat's player has been in this match (a seat that starts away has not, until it comes). */
  const joined: [boolean, boolean] = [true, true];

  function gameData(viewer: PlayerIndex, now: number): GameData {
    const over = result && {
      winner: result.winner,
      reason: seatOutcome(result.end, viewer).reason,
    };
    // The viewer mostly needs its opponent's window; its own shows only when it alone is away.
    const awaySeat = [other(viewer), viewer].find((s) => links.link(s).name === 'away');
    const secondsLeft = awaySeat === undefined ? null : links.secondsLeft(awaySeat, now);
    return toGameData({
      gameId: id,
      physics,
      countdownSeconds: options.countdownSeconds,
      now,
      paused: pausedSince !== null,
      away: awaySeat === undefined || secondsLeft === null || over ? null : { seat: awaySeat, secondsLeft },
      over,
    });
  }

  /** What this match is for the viewer, as its `matched` said: the mode and the opponent's name. */
  const matchFor = (viewer: PlayerIndex) => ({
    gameMode: options.mode,
    opponentName: options.seats[other(viewer)].displayName,
  });

  /** What the players last saw of the phase, score and seconds: a change of any is sent at once. */
  const shown = { phase: '', score0: -1, score1: -1, countdown: -1, playTimeLeft: -1 };

  function sendGameState(now: number): void {
    // Both seats see the same data unless the match is over or a seat is away: one object for both, so the
    // gateway serialises it once per match.
    const shared = result === null && !links.anyAway() ? gameData(0, now) : null;
    for (const seat of SEATS) {
      const data = shared ?? gameData(seat, now);
      options.send(seat, { type: 'gameState', gameId: id, playerIndex: seat, timestamp: now, data });
      shown.phase = data.gameState;
      shown.score0 = data.scores[0];
      shown.score1 = data.scores[1];
      shown.countdown = data.countdownTime;
      shown.playTimeLeft = data.playTimeLeft ?? -1;
    }
  }

  /**
   * A running match sends a keyframe every KEYFRAME_TICKS, on its own beat (from its id), and at once when
   * the phase, the score, the countdown second or the play clock's second players see has changed.
   */
  const keyframeBeat = beatOf(id, KEYFRAME_TICKS);
  function keyframeDue(): boolean {
    if (physics.tick % KEYFRAME_TICKS === keyframeBeat) return true;
    const { phase, scores } = physics;
    if (phase.name !== shown.phase || scores[0] !== shown.score0 || scores[1] !== shown.score1) return true;
    if ((shownPlayTimeLeft(physics) ?? -1) !== shown.playTimeLeft) return true;
    return countdownTimeOf(physics, options.countdownSeconds) !== shown.countdown;
  }

  /** A serve or a return, to both seats as it happens: the exact ball, so the clients fly it on exactly. */
  function sendBallEvent(kind: 'serve' | 'hit', now: number): void {
    const { ball, paddles } = physics;
    const event = {
      type: 'ballEvent' as const,
      gameId: id,
      kind,
      tick: physics.tick,
      at: now,
      ball: [ball.x, ball.y, ball.vx, ball.vy] as [number, number, number, number],
      rallyHits: physics.rallyHits,
      paddles: [paddleOnWire(paddles[0]), paddleOnWire(paddles[1])] as [number, number],
    };
    for (const seat of SEATS) options.send(seat, event);
  }

  /**
   * Each paddle that moved since its last report, to the other seat: at once when it starts from rest (its
   * last report is OPPONENT_PADDLE_TICKS old or more, so the opponent sees a reaction one tick late, not up to
   * a period), then at most every OPPONENT_PADDLE_TICKS while it keeps moving, and once more where it stops.
   */
  // Where the first keyframe shows them: only a move is reported.
  const reportedPaddles = [paddleOnWire(physics.paddles[0]), paddleOnWire(physics.paddles[1])];
  const reportedAt = [-OPPONENT_PADDLE_TICKS, -OPPONENT_PADDLE_TICKS];
  function reportPaddles(): void {
    for (const seat of SEATS) {
      const y = paddleOnWire(physics.paddles[seat]);
      if (y === reportedPaddles[seat] || physics.tick - reportedAt[seat]! < OPPONENT_PADDLE_TICKS) continue;
      reportedPaddles[seat] = y;
      reportedAt[seat] = physics.tick;
      options.send(other(seat), { type: 'opponentPaddle', tick: physics.tick, y });
    }
  }

  /** Ends the pause, if any, counting its time apart from play; true if there was one. */
  function endPause(now: number): boolean {
    if (pausedSince === null) return false;
    pausedMs += now - pausedSince;
    pausedSince = null;
    return true;
  }

  function finish(end: MatchEnd, at: number): void {
    let forfeitRecord: MatchRecord['forfeit'];
    if (end.reason !== 'score') {
      forfeitRecord = { afterTick: physics.tick, loser: end.loser };
      physics = forfeit(physics, end.loser).state;
    }
    endPause(at);
    snapshots.add('end', physics, at);
    const record: MatchRecord = {
      seed: options.seed,
      generator: CURRENT_GENERATOR,
      countdownSeconds: physicsCountdownSeconds,
      inputs: inputs.record(),
      ...(forfeitRecord ? { forfeit: forfeitRecord } : {}),
    };
    // Set before anything is sent, so a call made from inside `send` finds the match over.
    result = {
      id,
      mode: options.mode,
      seats: options.seats,
      startedAt,
      endedAt: at,
      durationMs: at - startedAt - pausedMs,
      pausedMs,
      winner: winnerOf(end),
      scores: [physics.scores[0], physics.scores[1]],
      end,
      completionStatus: completionStatusOf(end, options.mode),
      disconnectCounts: links.disconnectCounts(),
      stats: { ...physics.stats },
      ticks: physics.tick,
      record,
      snapshots: snapshots.list(),
      connectionLog: links.log(),
    };
    const final = result;
    for (const seat of SEATS) {
      const notice = seatOutcome(end, seat).notice;
      if (notice) options.send(seat, notice);
    }
    sendGameState(at);
    for (const seat of SEATS)
      options.send(
        seat,
        gameOverMessage({ gameId: id, seed: options.seed, end, scores: final.scores }, seat),
      );
    options.onEnd(final);
  }

  function onReconnectionEvent(event: ReconnectionEvent): void {
    switch (event.type) {
      case 'graceEnded':
        pausedSince ??= event.at;
        options.send(other(event.seat), {
          type: 'playerTemporarilyDisconnected',
          reconnectionTimeLeft: event.secondsLeft,
          disconnectedPlayerIndex: event.seat,
        });
        return;
      case 'timeLeft':
        options.send(other(event.seat), {
          type: 'reconnectionTimeUpdate',
          reconnectionTimeLeft: event.secondsLeft,
        });
        return;
      case 'windowExpired':
        if (event.seat === options.challengerSeat && !joined[event.seat]) {
          // The challenger never came to this match: their stake is not forfeited to it.
          cancelledAt = event.at;
          options.onCancel?.(event.at);
          return;
        }
        finish({ reason: 'disconnect_timeout', loser: event.seat }, event.at);
        return;
      default: {
        const unreachable: never = event;
        throw new Error(`unknown reconnection event ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** Fires the grace and window deadlines due by `now`; true if the match is still on afterwards. */
  function runTimers(now: number): boolean {
    if (result || cancelledAt !== null) return false;
    const events = links.advance(now);
    for (const event of events) onReconnectionEvent(event);
    if (result || cancelledAt !== null) return false;
    // While paused no step sends gameState, so a change of the pause (or of its seconds) sends one here.
    if (events.length > 0) sendGameState(now);
    return true;
  }

  return {
    id,

    tick() {
      const now = clock.now();
      if (!runTimers(now) || pausedSince !== null) return;
      const stepped = step(physics, inputs.drain(physics.tick + 1));
      physics = stepped.state;
      let winner: PlayerIndex | null = null;
      let ballEvent: 'serve' | 'hit' | null = null;
      for (const event of stepped.events) {
        if (event.type === 'point') snapshots.add('point', physics, now);
        if (event.type === 'matchOver') winner = event.winner;
        if (event.type === 'serve') ballEvent = 'serve';
        if (event.type === 'paddleHit') ballEvent = 'hit';
      }
      if (winner !== null) {
        finish({ reason: 'score', winner }, now);
        return;
      }
      if (physics.tick % TICK_HZ === 0) snapshots.add('second', physics, now);
      // The serve comes with a keyframe (its phase changed): both go, in one frame (the gateway's batch).
      if (keyframeDue()) sendGameState(now);
      if (ballEvent) sendBallEvent(ballEvent, now);
      reportPaddles();
    },

    paddleMove(playerIndex, position) {
      if (!result) inputs.offer(playerIndex, position);
    },

    disconnected(playerIndex, disconnect = {}) {
      const now = clock.now();
      if (!runTimers(now)) return;
      if (disconnect.beforeJoining) joined[playerIndex] = false;
      const outcome = links.disconnect(playerIndex, now, !disconnect.moving);
      if (outcome.kind === 'excessive') finish({ reason: 'excessive_disconnects', loser: playerIndex }, now);
    },

    reconnected(playerIndex) {
      const now = clock.now();
      runTimers(now);
      if (result) return reconnectRefusal(result.end, playerIndex);
      if (cancelledAt !== null) return { ok: false, reason: 'matchOver', message: MATCH_TEXTS.matchOver };
      links.reconnect(playerIndex, now);
      joined[playerIndex] = true;
      const resumed = links.awaySeats().length === 0 && endPause(now);
      options.send(playerIndex, {
        type: 'reconnectionSuccess',
        gameState: gameData(playerIndex, now),
        gameId: id,
        playerIndex,
        match: matchFor(playerIndex),
      });
      if (resumed) {
        for (const seat of SEATS)
          options.send(seat, { type: 'gameResumed', message: MATCH_TEXTS.gameResumed });
      }
      const opponent = other(playerIndex);
      const opponentLeft = links.secondsLeft(opponent, now);
      // Back while the opponent is still away: the returning seat needs the overlay for the opponent's window.
      if (opponentLeft !== null) {
        options.send(playerIndex, {
          type: 'playerTemporarilyDisconnected',
          reconnectionTimeLeft: opponentLeft,
          disconnectedPlayerIndex: opponent,
        });
      }
      return { ok: true, resumed };
    },

    leave(playerIndex, how) {
      const now = clock.now();
      if (runTimers(now)) finish({ reason: 'exit', loser: playerIndex, how }, now);
    },

    snapshot: (playerIndex) => gameData(playerIndex, clock.now()),

    rejoinedOver(playerIndex, rematch) {
      if (!result) return null;
      return {
        type: 'reconnectionSuccess',
        gameState: gameData(playerIndex, clock.now()),
        gameId: id,
        playerIndex,
        match: matchFor(playerIndex),
        rematch,
      };
    },

    isOver: () => result !== null || cancelledAt !== null,

    status(): MatchStatus {
      if (result) return { name: 'over', result };
      if (cancelledAt !== null) return { name: 'cancelled', at: cancelledAt };
      if (pausedSince !== null) return { name: 'paused', awaySeats: links.awaySeats(), since: pausedSince };
      return { name: 'running', graceSeats: links.graceSeats() };
    },
  };
}
