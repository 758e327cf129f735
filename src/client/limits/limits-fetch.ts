import { parseAnswer } from '../../common/api/parse-answer.ts';
import {
  type ExclusionRequest,
  type LossLimitRequest,
  type PlayerLimitsAnswer,
  playerLimitsAnswerSchema,
} from '../../common/api/player-limits-api.ts';
import { apiErrorSchema } from '../../common/api/wire-values.ts';

/** The Limits panel's requests (common/api/player-limits-api.ts), in the panel's own chunk. */

const URL = '/api/player/limits';

async function answer(res: Response, request: string): Promise<PlayerLimitsAnswer> {
  if (!res.ok) {
    const body = apiErrorSchema.safeParse(await res.json().catch(() => null));
    throw new Error(body.success ? body.data.error : `${res.status}: ${res.statusText}`);
  }
  return parseAnswer(playerLimitsAnswerSchema, await res.json(), request);
}

export async function fetchLimits(): Promise<PlayerLimitsAnswer> {
  return answer(await fetch(URL, { credentials: 'include' }), `GET ${URL}`);
}

const put = async (path: string, body: ExclusionRequest | LossLimitRequest) =>
  answer(
    await fetch(`${URL}${path}`, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    `PUT ${URL}${path}`,
  );

export const putExclusion = (body: ExclusionRequest) => put('/exclusion', body);
export const putLossLimit = (body: LossLimitRequest) => put('/loss', body);
