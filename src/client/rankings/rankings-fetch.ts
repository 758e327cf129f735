import { parseAnswer } from '../../common/api/parse-answer.ts';
import {
  type LeaderboardAnswer,
  type LeaderboardPeriod,
  type LeaderboardSort,
  leaderboardAnswerSchema,
  type PlayerProfileAnswer,
  playerProfileAnswerSchema,
  type VisibilityAnswer,
  visibilityAnswerSchema,
} from '../../common/api/rankings-api.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';

/** The rankings' requests (common/api/rankings-api.ts), for the leaderboard and player pages' own chunk. */

async function refusal(res: Response): Promise<Error> {
  const body = apiErrorSchema.safeParse(await res.json().catch(() => null));
  return new Error(body.success ? body.data.error : `${res.status}: ${res.statusText}`);
}

export async function fetchBoard(
  period: LeaderboardPeriod,
  sort: LeaderboardSort,
): Promise<LeaderboardAnswer> {
  const url = `/api/leaderboard?period=${period}&sort=${sort}`;
  const res = await fetch(url);
  if (!res.ok) throw await refusal(res);
  return parseAnswer(leaderboardAnswerSchema, await res.json(), `GET ${url}`);
}

/** A player's public page; null when there is none (never played, or chose to be hidden). */
export async function fetchProfile(address: string): Promise<PlayerProfileAnswer | null> {
  const url = `/api/players/${encodeURIComponent(address)}`;
  const res = await fetch(url);
  if (res.status === 404) return null;
  if (!res.ok) throw await refusal(res);
  return parseAnswer(playerProfileAnswerSchema, await res.json(), `GET ${url}`);
}

/** Whether this browser's signed-in wallet is hidden from the rankings (walletAddress null: signed out). */
export async function fetchVisibility(): Promise<VisibilityAnswer> {
  const res = await fetch('/api/player/visibility', { credentials: 'include' });
  if (!res.ok) throw await refusal(res);
  return parseAnswer(visibilityAnswerSchema, await res.json(), 'GET /api/player/visibility');
}

export async function putVisibility(hidden: boolean): Promise<VisibilityAnswer> {
  const res = await fetch('/api/player/visibility', {
    method: 'PUT',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hidden }),
  });
  if (!res.ok) throw await refusal(res);
  return parseAnswer(visibilityAnswerSchema, await res.json(), 'PUT /api/player/visibility');
}
