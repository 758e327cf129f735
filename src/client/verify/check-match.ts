import { parseAnswer } from '../../common/api/parse-answer.ts';
import {
  matchVerificationAnswerSchema,
  matchVerificationPendingSchema,
} from '../../common/api/player-api.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';
import { type Verification, verifyMatch } from './verify-match.ts';

/** What the Verify control shows: a verdict, or why the match could not be checked. */
export type CheckOutcome = Verification | { kind: 'unavailable'; headline: string; checks: [] };

export const CHECK_TEXTS = {
  unreachable: 'The match record could not be fetched. Try again in a moment.',
} as const;

/** A match that just ended may not be written yet (202, pending): asked again this often, this many times. */
export const NOT_YET_RETRY = { delayMs: 1_000, attempts: 8 } as const;

export function verificationUrl(baseUrl: string, gameId: string): string {
  return `${baseUrl}/api/games/${encodeURIComponent(gameId)}/verification`;
}

/**
 * Fetches a finished match's revealed seed and recorded moves (the session cookie says whose match it is)
 * and checks them in this browser. Loaded only when a player presses Verify: the first page carries none of it.
 */
export async function checkMatch(
  gameId: string,
  announcedHash: string | null,
  options: {
    baseUrl?: string;
    fetchImpl?: typeof fetch;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<CheckOutcome> {
  const doFetch = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let res: Response;
  let body: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await doFetch(verificationUrl(options.baseUrl ?? '', gameId), { credentials: 'include' });
      body = await res.json();
    } catch {
      return { kind: 'unavailable', headline: CHECK_TEXTS.unreachable, checks: [] };
    }
    if (res.status !== 202) break;
    if (attempt >= NOT_YET_RETRY.attempts) {
      const pending = matchVerificationPendingSchema.safeParse(body);
      const headline = pending.success ? pending.data.message : CHECK_TEXTS.unreachable;
      return { kind: 'unavailable', headline, checks: [] };
    }
    await sleep(NOT_YET_RETRY.delayMs);
  }
  if (!res.ok) {
    const refusal = apiErrorSchema.safeParse(body);
    return {
      kind: 'unavailable',
      headline: refusal.success ? refusal.data.error : CHECK_TEXTS.unreachable,
      checks: [],
    };
  }
  const answer = parseAnswer(matchVerificationAnswerSchema, body, 'GET /api/games/:id/verification');
  return verifyMatch(answer, announcedHash);
}
