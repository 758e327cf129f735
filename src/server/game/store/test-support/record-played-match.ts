import { randomUUID } from 'node:crypto';
import type { MatchBed } from '../../../../../test/support/match-bed.ts';
import { walletAnalytics } from '../../../admin/analytics/refresh-wallet-analytics.ts';
import type { Database } from '../../../db/database.ts';
import type { MatchResult } from '../../match/match-types.ts';
import type { QueueEntry } from '../../queue-entry.ts';
import { type MatchStart, recordMatchResult, recordMatchStart } from '../match-recorder.ts';
import { seedHash } from '../store-keys.ts';

/** The start row the game server writes for a match that played out as `result` (its seats' wallets and IPs). */
export function matchStartOf(result: MatchResult): MatchStart {
  const entry = (seat: 0 | 1): QueueEntry => ({
    id: randomUUID(),
    mode: result.mode,
    joinedAt: result.startedAt,
    paid: null,
    player: {
      linkId: randomUUID(),
      playerSessionId: result.seats[seat].sessionId,
      walletAddress: result.seats[seat].walletAddress,
      displayName: result.seats[seat].displayName,
      ip: result.seats[seat].ip,
      userAgent: result.seats[seat].userAgent,
    },
  });
  return {
    id: result.id,
    entries: [entry(0), entry(1)] as const,
    seedHash: seedHash(result.record.seed),
    startedAt: result.startedAt,
  };
}

/** The first match the match bed played, under a fresh game id, with the start row the game server writes. */
function playedMatch(h: MatchBed): { result: MatchResult; start: MatchStart } {
  const played = h.results[0];
  if (!played) throw new Error('the match did not end');
  const result: MatchResult = { ...played, id: randomUUID() };
  return { result, start: matchStartOf(result) };
}

/** Writes a match the match bed played as the game server does: its start, then its result. */
export async function recordPlayedMatch(db: Database, h: MatchBed): Promise<MatchResult> {
  const { result, start } = playedMatch(h);
  await recordMatchStart(db, start);
  await recordMatchResult(db, walletAnalytics, result, start);
  return result;
}

/** Only the start of the match bed's match: what the database holds while it is played (or being written). */
export async function recordMatchStartOnly(db: Database, h: MatchBed): Promise<MatchResult> {
  const { result, start } = playedMatch(h);
  await recordMatchStart(db, start);
  return result;
}
