import { type AdminGameReplay, adminGameReplaySchema } from '../../../common/api/admin-views.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';

/** GET /api/admin/games/:id/replay (common/api/admin-views.ts): the game, its record if any, what was recorded. */
export type { AdminGameReplay };

export type RecordedResult = AdminGameReplay['recorded'];

export function replayPath(gameId: string): string {
  return `/games/${encodeURIComponent(gameId)}/replay`;
}

export class MalformedReplayError extends Error {
  constructor(detail: string) {
    super(`The server's replay answer is malformed: ${detail}`);
    this.name = 'MalformedReplayError';
  }
}

/** The record is re-simulated tick by tick, so a malformed answer is refused here rather than replayed wrongly. */
export function parseGameReplay(body: unknown): AdminGameReplay & { record: MatchRecord | null } {
  const parsed = adminGameReplaySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MalformedReplayError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { record, ...rest } = parsed.data;
  return { ...rest, record: record && toMatchRecord(record) };
}

/** No forfeit is an absent one, as `replayMatch` reads it. */
function toMatchRecord(record: NonNullable<AdminGameReplay['record']>): MatchRecord {
  const { forfeit, ...rest } = record;
  return forfeit ? { ...rest, forfeit } : rest;
}
