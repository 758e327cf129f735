import type { z } from 'zod';
import { type SecondFactorStage, secondFactorStageSchema } from '../../common/api/admin-two-factor.ts';
import { errorTextOf } from '../../common/api/error-text.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';

/** The second-factor step of the admin sign-in (POST /api/admin/two-factor/...), before the panel exists. */

export type StepOutcome<T> = { ok: true; body: T } | { ok: false; error: string };

/** The step the login answer asks for; an answer without one (or an older server) asks for none. */
export function secondFactorOf(loginAnswer: unknown): SecondFactorStage {
  const stage = secondFactorStageSchema.safeParse(
    (loginAnswer as { secondFactor?: unknown } | null)?.secondFactor,
  );
  return stage.success ? stage.data : null;
}

export async function postTwoFactor<S extends z.ZodType>(
  path: '/enrol' | '/confirm' | '/verify',
  schema: S,
  body: unknown,
): Promise<StepOutcome<z.output<S>>> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/two-factor${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: 'Network error. Please try again.' };
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) return { ok: false, error: errorTextOf(answer) || 'Verification failed' };
  return { ok: true, body: parseAnswer(schema, answer, `POST /api/admin/two-factor${path}`) };
}
