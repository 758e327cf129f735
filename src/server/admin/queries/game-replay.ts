import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminGameReplay } from '../../../common/api/admin-views.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';
import type { Database } from '../../db/database.ts';
import { games } from '../../db/schema/index.ts';
import { adminGameRow } from './games-list.ts';

export type { AdminGameReplay };

const seat = z.union([z.literal(0), z.literal(1)]);

/** What the match recorder stores in recorded_inputs: the MatchRecord, plus the end, ticks and connection log. */
const storedRecord = z.object({
  seed: z.string().optional(),
  countdownSeconds: z.number().int().nonnegative(),
  inputs: z.array(z.tuple([z.number().int(), seat, z.number()])),
  forfeit: z.object({ afterTick: z.number().int().nonnegative(), loser: seat }).optional(),
});

/** The MatchRecord of a games row: its rng_seed with the recorded inputs; null when either is missing. */
export function matchRecordOf(rngSeed: string | null, recordedInputs: unknown): MatchRecord | null {
  const parsed = storedRecord.safeParse(recordedInputs);
  const seed = rngSeed ?? (parsed.success ? parsed.data.seed : undefined);
  if (!parsed.success || !seed) return null;
  const { countdownSeconds, inputs, forfeit } = parsed.data;
  return { seed, countdownSeconds, inputs, ...(forfeit ? { forfeit } : {}) };
}

/** One game with its record; undefined when no game has this id. */
export async function gameReplay(db: Database, gameId: string): Promise<AdminGameReplay | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  if (!row) return undefined;
  const { gameStateSnapshots: _snapshots, recordedInputs, ...fields } = row;
  const winner =
    row.winner === null
      ? null
      : row.winner === row.player1Wallet
        ? 'player1'
        : row.winner === row.player2Wallet
          ? 'player2'
          : null;
  return {
    game: adminGameRow(fields),
    record: matchRecordOf(row.rngSeed, recordedInputs),
    recorded: { player1Score: row.player1Score, player2Score: row.player2Score, winner },
  };
}
