import { describe, expect, it } from 'vitest';
import { type BotRecorders, createBotRecorders } from '../../bench/bot.ts';
import { createBotPlayer } from '../../bench/bot-player.ts';
import { peerRoomLine } from '../../bench/peers/colyseus/peer-figures.ts';
import { createPeerMatch, gameStateText, paddleInputOf } from '../../bench/peers/colyseus/peer-match.ts';
import {
  createLoopFrames,
  createMissedPeriods,
  createPeriodWork,
} from '../../bench/peers/colyseus/peer-ticks.ts';
import { gameDataOfFields, type PongFields, pongFieldsOf } from '../../bench/peers/colyseus/pong-fields.ts';
import { parsePrometheus } from '../../bench/prometheus.ts';
import { PADDLE_MAX_Y, PADDLE_MIN_Y, WINNING_SCORE } from '../../src/common/game/constants.ts';
import { createMatchPhysics, step } from '../../src/common/game/physics.ts';
import type { GameData } from '../../src/common/protocol.ts';
import { seededRandom } from '../../src/server/game/match/bot-brain.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const PERIOD = 1000 / 60;

describe('Colyseus peer: the paddle message and the match the rooms run', () => {
  it('takes a finite number as the paddle target, clamped onto the canvas, and refuses anything else clearly', () => {
    expect(paddleInputOf(200)).toEqual({ ok: true, target: 200 });
    expect(paddleInputOf(-40)).toEqual({ ok: true, target: PADDLE_MIN_Y });
    expect(paddleInputOf(9_000)).toEqual({ ok: true, target: PADDLE_MAX_Y });
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '300', null, { y: 300 }]) {
      expect(paddleInputOf(bad)).toEqual({
        ok: false,
        error: 'paddle expects the paddle centre y as a finite number',
      });
    }
  });

  it('steps the project physics with the clamped targets in force, as the product applies them', () => {
    const match = createPeerMatch(SEED);
    match.offer(0, 10_000);
    for (let i = 0; i < 60; i++) match.tick();
    let physics = createMatchPhysics(SEED, 8);
    for (let i = 0; i < 60; i++) physics = step(physics, [PADDLE_MAX_Y, null]).state;
    expect(match.physics()).toEqual(physics);
    expect(match.physics().paddles[0]).toBe(PADDLE_MAX_Y);
    expect(match.physics().paddles[1]).toBe(300);
  });

  it('plays to 11 points and then ignores moves; a forfeit ends it for the other seat', () => {
    const match = createPeerMatch(SEED);
    let ticks = 0;
    while (!match.tick() && ticks < 200_000) ticks++;
    const { phase, scores } = match.physics();
    expect(phase.name).toBe('gameOver');
    expect(Math.max(...scores)).toBe(WINNING_SCORE);
    const paddles = match.physics().paddles;
    match.offer(0, 60);
    match.tick();
    expect(match.physics().paddles).toEqual(paddles);

    const left = createPeerMatch(SEED);
    left.tick();
    left.forfeit(1);
    expect(left.over()).toBe(true);
    expect(left.gameData('room1', 5).winner).toBe(0);
    expect(left.gameData('room1', 5).reason).toBe('forfeit');
  });

  it('sends the product’s gameState message: the same JSON as serialising the message object', () => {
    const data = createPeerMatch(SEED).gameData('room1', 1_700);
    expect(data.gameState).toBe('countdown');
    expect(data.countdownTime).toBe(5);
    const text = gameStateText('room1', 1, 1_700, JSON.stringify(data));
    expect(text).toBe(
      JSON.stringify({ type: 'gameState', gameId: 'room1', playerIndex: 1, timestamp: 1_700, data }),
    );
  });
});

describe('Colyseus peer: the schema room’s state fields', () => {
  it('holds the physics and reads back as the Game data the bots play on', () => {
    const match = createPeerMatch(SEED);
    match.offer(1, 420);
    for (let i = 0; i < 600; i++) match.tick();
    const physics = match.physics();
    const fields = pongFieldsOf(physics, 5);
    expect(fields.tick).toBe(600);
    expect(fields.phase).toBe(physics.phase.name);
    expect([fields.ballX, fields.ballY, fields.ballVx, fields.ballVy]).toEqual([
      physics.ball.x,
      physics.ball.y,
      physics.ball.vx,
      physics.ball.vy,
    ]);
    const read = gameDataOfFields(fields, 'room1', 99);
    const product = match.gameData('room1', 99);
    for (const key of ['gameState', 'winner', 'scores', 'countdownTime', 'currentServer'] as const) {
      expect(read[key]).toEqual(product[key]);
    }
    expect(read.paddlePositions[1]).toBe(420);
    expect(read.ballPos.x).toBeCloseTo(product.ballPos.x, 1);
    expect(read.ballVelocity.y).toBeCloseTo(product.ballVelocity.y, 1);
  });

  it('shows the countdown second and the winner, and refuses a phase it does not know', () => {
    const start = pongFieldsOf(createMatchPhysics(SEED, 8), 5);
    expect([start.countdown, start.winner, start.phase]).toEqual([5, -1, 'countdown']);
    const over = createPeerMatch(SEED);
    over.forfeit(0);
    const fields = pongFieldsOf(over.physics(), 5);
    expect(fields.winner).toBe(1);
    expect(gameDataOfFields(fields, 'r', 0).winner).toBe(1);
    expect(() => gameDataOfFields({ ...fields, phase: 'paused' }, 'r', 0)).toThrow(
      'unknown phase in the room state: paused',
    );
  });
});

describe('Colyseus peer: ticks measured as the product’s', () => {
  it('sums the rooms’ work over each 60 Hz period and reports a period once the next one starts', () => {
    const totals: number[] = [];
    const work = createPeriodWork(PERIOD, (ms) => totals.push(ms));
    work.add(1, 0.5);
    work.add(10, 0.25);
    work.add(16, 1);
    expect(totals).toEqual([]);
    work.add(17, 2);
    // Nothing ran in the next two periods: no empty totals.
    work.add(70, 0.125);
    expect(totals).toEqual([1.75, 2]);
  });

  it('misses nothing on an idle loop, whose interval fires after 15 to 17 whole milliseconds', () => {
    const loop = createLoopFrames(PERIOD, 0);
    const gaps = [17, 16, 15, 17, 17, 16];
    let missed = 0;
    for (let i = 0, frame = 0; i < 600; i++) {
      frame += gaps[i % gaps.length]!;
      missed += loop.frame(frame).length;
    }
    expect(missed).toBe(0);
  });

  it('finds the steps due more than a period before a frame the event loop held up', () => {
    const loop = createLoopFrames(PERIOD, 0);
    expect([loop.frame(17), loop.frame(34)]).toEqual([[], []]);
    // The next frame was due at 50.67 and started at 94: the steps due at 50.67 and 67.33 are over a period
    // late, the one due at 84 is not; the loop is on time again after.
    const missed = loop.frame(94);
    expect(missed).toHaveLength(2);
    expect(missed[0]).toBeCloseTo(34 + PERIOD, 6);
    expect(missed[1]).toBeCloseTo(34 + 2 * PERIOD, 6);
    expect(loop.frame(111)).toEqual([]);
  });

  it('counts every step of a long stall, those the accumulator drops beyond its 5 catch-up steps included', () => {
    const loop = createLoopFrames(PERIOD, 0);
    loop.frame(17);
    const missed = loop.frame(520);
    expect(missed).toHaveLength(29);
    expect(missed.every((due) => due < 520 - PERIOD)).toBe(true);
  });

  it('counts a missed period once however many rooms missed a step due in it', () => {
    const periods = createMissedPeriods(PERIOD, 10);
    expect([periods.missed(100), periods.missed(101), periods.missed(105)]).toEqual([true, false, false]);
    expect(periods.missed(120)).toBe(true);
    // Long past the newest: forgotten, never counted again.
    periods.missed(1000);
    expect(periods.missed(101)).toBe(false);
  });
});

describe('Colyseus peer: a bot plays and measures as the product’s bots', () => {
  const recorders = (): BotRecorders => ({ ...createBotRecorders(), measuring: true });
  const fields = (phase: string, paddle0: number): PongFields => ({
    ...pongFieldsOf(createMatchPhysics(SEED, 8), 5),
    phase,
    paddle0,
  });
  const data = (phase: string, paddle0: number): GameData => gameDataOfFields(fields(phase, paddle0), 'g', 0);

  it('records the gaps between the states of one game, not the wait between two games', () => {
    const rec = recorders();
    const player = createBotPlayer(seededRandom(1), rec, { countsGameOver: true });
    player.see('g1', 0, data('countdown', 300), 0);
    player.see('g1', 0, data('countdown', 300), 50);
    player.see('g1', 0, data('playing', 300), 120);
    player.see('g2', 1, data('countdown', 300), 2_000);
    player.see('g2', 1, data('countdown', 300), 2_050);
    expect(rec.snapshots).toBe(5);
    expect(rec.gaps.counts().sort()).toEqual([
      [500, 2],
      [700, 1],
    ]);
    expect(player.state()).toBe('countdown');
  });

  it('sends moves at most every 16 ms and only beyond 2 units, and times the echo from a paddle at rest', () => {
    const rec = recorders();
    const player = createBotPlayer(seededRandom(2), rec, { countsGameOver: true });
    // The paddle starts low; in the countdown the bot's hand drifts to the middle after its reaction time.
    expect(player.see('g', 0, data('countdown', 100), 0)).toBe(100);
    expect(player.see('g', 0, data('countdown', 100), 10)).toBeNull();
    const move = player.see('g', 0, data('countdown', 100), 400);
    expect(move).toBeGreaterThan(100 + 2);
    expect(rec.echo.count()).toBe(0);
    // The first state whose paddle moved shows the move: 30 ms later.
    player.see('g', 0, data('countdown', 112), 430);
    expect(rec.echo.count()).toBe(1);
    expect(rec.echo.percentile(50)).toBe(30);
    // Not timed while measuring is off.
    const quiet = recorders();
    quiet.measuring = false;
    const other = createBotPlayer(seededRandom(2), quiet, { countsGameOver: true });
    other.see('g', 0, data('countdown', 100), 0);
    other.see('g', 0, data('countdown', 100), 400);
    other.see('g', 0, data('countdown', 112), 430);
    expect([quiet.echo.count(), quiet.snapshots]).toEqual([0, 0]);
  });

  it('counts a game’s end once, and sends nothing once the game is over', () => {
    const rec = recorders();
    const player = createBotPlayer(seededRandom(3), rec, { countsGameOver: true });
    player.see('g', 0, data('countdown', 100), 0);
    expect(player.see('g', 0, data('gameOver', 100), 500)).toBeNull();
    player.see('g', 0, data('gameOver', 100), 550);
    expect(player.state()).toBe('gameOver');
    expect(rec.gamesOver).toBe(1);
  });
});

describe('Colyseus peer: its rooms’ own line under the table', () => {
  it('reads one room’s step quantiles, the steps per room per second and the room steps missed', () => {
    const scrape = (bucket: number, all: number, steps: number, missed: number) =>
      parsePrometheus(
        [
          `peer_room_step_duration_seconds_bucket{le="0.0001"} ${bucket}`,
          `peer_room_step_duration_seconds_bucket{le="0.001"} ${all}`,
          `peer_room_step_duration_seconds_bucket{le="+Inf"} ${all}`,
          `peer_room_steps_total ${steps}`,
          `peer_room_steps_missed_total ${missed}`,
        ].join('\n'),
      );
    const line = peerRoomLine(scrape(0, 0, 100, 1), scrape(100, 100, 100 + 6_000, 4), 10, 10);
    expect(line).toContain("one room's step p50 0.050 ms, p99 0.099 ms");
    expect(line).toContain('60.0 steps per room per second; 3 room steps missed, counted per room');
  });
});
