import { createHash, randomUUID } from 'node:crypto';
import { getAddressDecoder } from '@solana/kit';
import { createFakeClock } from '../../../common/clock.ts';
import { CANVAS_HEIGHT, TICK_MS } from '../../../common/game/constants.ts';
import type { PlayerIndex } from '../../../common/game/physics.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { GameData } from '../../../common/protocol.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import type { Database } from '../../db/database.ts';
import { type BotSkill, createBotBrain, randomSkill, seededRandom } from '../../game/match/bot-brain.ts';
import { createMatch } from '../../game/match/match.ts';
import type { MatchResult } from '../../game/match/match-types.ts';
import { recordMatchResult, recordMatchStart } from '../../game/store/match-recorder.ts';
import { matchStartOf } from '../../game/store/test-support/record-played-match.ts';

/**
 * Whole matches between bots, played through the server's own match (its tick, its input queue, its
 * recorder) on a fake clock, a tick at a time: a 3-minute match takes milliseconds, whatever the machine's
 * load. Each bot sees its seat's snapshot, as the house bot does, and sends a target when it moved > 2.
 */
export type BotPlayer = (data: GameData, nowMs: number) => number;

/** A valid wallet address made from a name, so the same name gives the same wallet. */
export function walletOf(name: string): string {
  return getAddressDecoder().decode(createHash('sha256').update(name).digest());
}

/** The bench's human-like brain (the house bot's), its skill drawn from `seed`. */
export function humanBot(seat: PlayerIndex, seed: number): BotPlayer {
  const random = seededRandom(seed);
  const brain = createBotBrain(seat, randomSkill(random), random);
  return (data, now) => brain.see(data, now);
}

/** The same brain with a machine's reflexes: it starts moving `reactionMs` after the hit, and reads well. */
export function fastBot(seat: PlayerIndex, seed: number, reactionMs = 30): BotPlayer {
  const skill: BotSkill = { reactionMs, handSpeed: 3_000, error: 4, errorPerSpeed: 0 };
  const random = seededRandom(seed);
  const brain = createBotBrain(seat, skill, random);
  return (data, now) => brain.see(data, now);
}

/** A player throwing the match: it stands where the ball is not. */
export function dumpingBot(): BotPlayer {
  return (data) => (data.ballPos.y > CANVAS_HEIGHT / 2 ? 60 : CANVAS_HEIGHT - 60);
}

export interface BotSeat {
  wallet: string;
  ip: string | null;
  play: (seat: PlayerIndex) => BotPlayer;
}

const MAX_TICKS = 60 * 60 * 15;

export function playBotMatch(options: {
  seats: readonly [BotSeat, BotSeat];
  mode?: GameModeId;
  startMs: number;
  seed: string;
}): MatchResult {
  const clock = createFakeClock(options.startMs);
  let result: MatchResult | null = null;
  const match = createMatch({
    id: randomUUID(),
    mode: options.mode ?? 'tiny_tuna',
    seats: options.seats.map((s, i) => ({
      walletAddress: s.wallet,
      displayName: `Bot-${i}`,
      sessionId: randomUUID(),
      ip: s.ip,
      userAgent: 'risk-bot',
    })) as [never, never],
    seed: options.seed,
    countdownSeconds: 0,
    clock,
    send: () => {},
    onEnd: (ended) => {
      result = ended;
    },
  });
  const players = options.seats.map((s, i) => s.play(i as PlayerIndex));
  const last: [number | null, number | null] = [null, null];
  for (let i = 0; i < MAX_TICKS && !result; i++) {
    for (const seat of [0, 1] as const) {
      const target = players[seat]!(match.snapshot(seat), clock.now());
      const previous = last[seat];
      if (previous !== null && Math.abs(target - previous) <= 2) continue;
      last[seat] = target;
      match.paddleMove(seat, target);
    }
    clock.advance(TICK_MS);
    match.tick();
  }
  if (!result) throw new Error('the bot match never ended');
  return result;
}

/** Writes a bot match as the game server does: its start row, then its result with the analytics. */
export async function recordBotMatch(db: Database, result: MatchResult): Promise<void> {
  const start = matchStartOf(result);
  await recordMatchStart(db, start);
  await recordMatchResult(db, walletAnalytics, result, start);
}
