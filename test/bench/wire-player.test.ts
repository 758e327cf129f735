import { describe, expect, it } from 'vitest';
import { type BotRecorders, createBotRecorders } from '../../bench/bot.ts';
import { createEchoBoard, REST_MS } from '../../bench/echo-board.ts';
import { createWirePlayer, HAND_TICK_MS } from '../../bench/wire-player.ts';
import { TICK_MS } from '../../src/common/game/constants.ts';
import { seededRandom } from '../../src/server/game/match/bot-brain.ts';
import { createMatchBed } from '../support/match-bed.ts';

const recorders = (): BotRecorders => ({ ...createBotRecorders(), measuring: true });

describe('bench: the echo of a move is timed at the opponent, from a paddle at rest', () => {
  it('from the move until the first report whose paddle differs from the rest', () => {
    const board = createEchoBoard();
    board.moved('g', 0, 300, 1_000);
    // Seat 1 hears seat 0's paddle: still at rest (to the report's tenth), then moved.
    expect(board.heard('g', 0, 300.1, 1_030)).toBeNull();
    expect(board.heard('g', 0, 312, 1_070)).toBe(70);
    // Timed once: the next report is not another echo.
    expect(board.heard('g', 0, 330, 1_170)).toBeNull();
  });

  it('keeps paddles and games apart, and forgets a move no report showed in 5 s', () => {
    const board = createEchoBoard();
    board.moved('g', 0, 300, 1_000);
    expect(board.heard('g', 1, 400, 1_050)).toBeNull();
    expect(board.heard('h', 0, 400, 1_050)).toBeNull();
    expect(board.heard('g', 0, 400, 6_001)).toBeNull();
    board.moved('g', 0, 300, 7_000);
    expect(board.heard('g', 0, 400, 7_020)).toBe(20);
  });
});

describe('bench: the product bot plays on its hand tick, from what it heard', () => {
  /** A real match (fake clock); seat 0 is the bot, hearing every message at once; its moves are applied. */
  function botInMatch(ticks: number) {
    const h = createMatchBed({ countdownSeconds: 1 });
    const rec = recorders();
    const board = createEchoBoard();
    const player = createWirePlayer(seededRandom(7), rec, { drawnError: rec.drawn, echoBoard: board });
    const start = h.clock.now();
    let heard = 0;
    let nextHand = start;
    const moves: Array<{ atMs: number; heardSoFar: number }> = [];
    for (let i = 0; i < ticks; i++) {
      h.ticks(1);
      const now = h.clock.now();
      for (; heard < h.outbox[0].length; heard++) player.heard(h.outbox[0][heard]!, now);
      if (now < nextHand) continue;
      nextHand += HAND_TICK_MS;
      const move = player.hand(now, now);
      if (move) {
        h.match.paddleMove(0, move.position);
        moves.push({ atMs: now - start, heardSoFar: heard });
      }
    }
    return { rec, moves, player, board, h };
  }

  it('moves its paddle between messages, not once per message', () => {
    const { moves } = botInMatch(60 * 20);
    expect(moves.length).toBeGreaterThan(20);
    // Several moves in a row with no message heard between them: the hand moved on its own tick.
    const withoutNews = moves.filter((m, i) => i > 0 && m.heardSoFar === moves[i - 1]!.heardSoFar);
    expect(withoutNews.length).toBeGreaterThan(5);
  });

  it('sends at most one move a hand tick', () => {
    const { moves } = botInMatch(60 * 20);
    const gaps = moves.slice(1).map((m, i) => m.atMs - moves[i]!.atMs);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(HAND_TICK_MS - 1);
  });

  it('counts every message and keyframe it hears, and judges the ball it would draw', () => {
    const { rec, h } = botInMatch(60 * 20);
    expect(rec.messages).toBe(h.outbox[0].length);
    expect(rec.snapshots).toBe(h.outbox[0].filter((m) => m.type === 'gameState').length);
    expect(rec.drawn.count()).toBeGreaterThan(100);
  });

  it('two bots of one process time each other’s moves: a move from rest is heard on the next tick', () => {
    const h = createMatchBed({ countdownSeconds: 1 });
    const rec = recorders();
    const board = createEchoBoard();
    const random = seededRandom(11);
    const players = [0, 1].map(() =>
      createWirePlayer(random, rec, { drawnError: rec.drawn, echoBoard: board }),
    );
    const heard = [0, 0];
    let nextHand = h.clock.now();
    for (let i = 0; i < 60 * 30; i++) {
      h.ticks(1);
      const now = h.clock.now();
      for (const seat of [0, 1] as const)
        for (; heard[seat]! < h.outbox[seat].length; heard[seat]!++)
          players[seat]!.heard(h.outbox[seat][heard[seat]!]!, now);
      if (now < nextHand) continue;
      nextHand += HAND_TICK_MS;
      for (const seat of [0, 1] as const) {
        const move = players[seat]!.hand(now, now);
        if (move) h.match.paddleMove(seat, move.position);
      }
    }
    expect(rec.echo.count()).toBeGreaterThan(3);
    // Applied on the next tick and reported on that same tick: a paddle from rest is not held to a beat.
    expect(rec.echo.percentile(100)).toBeLessThanOrEqual(TICK_MS);
    expect(rec.echo.percentile(0)).toBeGreaterThan(0);
    expect(REST_MS).toBe(12 * TICK_MS);
  });
});
