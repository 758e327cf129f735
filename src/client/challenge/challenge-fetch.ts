import {
  actionPaymentAnswerSchema,
  type ChallengeAnswer,
  challengeAnswerSchema,
} from '../../common/api/challenge-api.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';

/**
 * A challenge's terms and status by its link's code; null when no challenge has this link (404), or when the
 * link's code is no challenge code at all (400: a link cut short or mistyped leads to no challenge either).
 */
export async function fetchChallenge(code: string): Promise<ChallengeAnswer | null> {
  const url = `/api/challenges/${encodeURIComponent(code)}`;
  const res = await fetch(url);
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) {
    const body = apiErrorSchema.safeParse(await res.json().catch(() => null));
    throw new Error(body.success ? body.data.error : `${res.status}: ${res.statusText}`);
  }
  return parseAnswer(challengeAnswerSchema, await res.json(), `GET ${url}`);
}

/**
 * The signed-in wallet's payment of this challenge's entry made through its Solana Action (in a wallet or a
 * social feed), not yet used: its signature, or null. The page takes it as the entry instead of paying again.
 */
export async function fetchActionPayment(code: string): Promise<string | null> {
  const url = `/api/challenges/${encodeURIComponent(code)}/action-payment`;
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) return null;
  return parseAnswer(actionPaymentAnswerSchema, await res.json(), `GET ${url}`).signature;
}
