import { z } from 'zod';
import { GENERATOR_VERSIONS } from '../../../common/game/generator-versions.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';

const seat = z.union([z.literal(0), z.literal(1)]);

/** What the match recorder stores in recorded_inputs: the MatchRecord, plus the end, ticks and connection log. */
const storedRecord = z.object({
  seed: z.string().optional(),
  /** Absent from the records written before the generator was versioned: those all drew from v1 (sfc32). */
  generator: z.literal(GENERATOR_VERSIONS).default(1),
  countdownSeconds: z.number().int().nonnegative(),
  inputs: z.array(z.tuple([z.number().int(), seat, z.number()])),
  forfeit: z.object({ afterTick: z.number().int().nonnegative(), loser: seat }).optional(),
});

/** The MatchRecord of a games row: its rng_seed with the recorded inputs; null when either is missing. */
export function matchRecordOf(rngSeed: string | null, recordedInputs: unknown): MatchRecord | null {
  const parsed = storedRecord.safeParse(recordedInputs);
  const seed = rngSeed ?? (parsed.success ? parsed.data.seed : undefined);
  if (!parsed.success || !seed) return null;
  const { generator, countdownSeconds, inputs, forfeit } = parsed.data;
  return { seed, generator, countdownSeconds, inputs, ...(forfeit ? { forfeit } : {}) };
}
