import { z } from 'zod';
import type { MatchRecord } from '../../../common/game/replay.ts';
import type { AdminGameRow } from '../admin-types.ts';

/** GET /api/admin/games/:id/replay (the admin API contract): the game, its record if any, what was recorded. */
export interface AdminGameReplay {
  game: AdminGameRow;
  record: MatchRecord | null;
  recorded: RecordedResult;
}

export interface RecordedResult {
  player1Score: number | null;
  player2Score: number | null;
  winner: 'player1' | 'player2' | null;
}

export function replayPath(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/replay`;
}

const seat = z.union([z.literal(0), z.literal(1)]);

/** The record is re-simulated tick by tick, so a malformed one is refused here rather than replayed wrongly. */
const recordSchema = z.object({
  seed: z.string().min(1),
  countdownSeconds: z.number().nonnegative(),
  inputs: z.array(z.tuple([z.number().int().nonnegative(), seat, z.number()])),
  forfeit: z.object({ afterTick: z.number().int().nonnegative(), loser: seat }).nullish(),
});

const replaySchema = z.object({
  game: z.looseObject({ id: z.string(), player1Wallet: z.string(), player2Wallet: z.string() }),
  record: recordSchema.nullable(),
  recorded: z.object({
    player1Score: z.number().int().nullable(),
    player2Score: z.number().int().nullable(),
    winner: z.enum(['player1', 'player2']).nullable(),
  }),
});

export class MalformedReplayError extends Error {
  constructor(detail: string) {
    super(`The server's replay answer is malformed: ${detail}`);
    this.name = 'MalformedReplayError';
  }
}

/** Checks the answer's shape; the game row is passed through as the Games tab reads it. */
export function parseGameReplay(body: unknown): AdminGameReplay {
  const parsed = replaySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MalformedReplayError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { game, record, recorded } = parsed.data;
  return { game: game as unknown as AdminGameRow, record: record && toMatchRecord(record), recorded };
}

/** A forfeit sent as null means none, as `replayMatch` reads an absent one. */
function toMatchRecord(record: z.output<typeof recordSchema>): MatchRecord {
  const { forfeit, ...rest } = record;
  return forfeit ? { ...rest, forfeit } : rest;
}
