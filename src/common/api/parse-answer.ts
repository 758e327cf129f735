import type { z } from 'zod';

/*
 * Type-only on zod: the first page reads its answers through this without loading zod's runtime (the schemas
 * it parses with are imported where they are needed, lazily on the first page).
 */

/** An answer that does not fit its schema: the request, and the first field that is wrong and how. */
export class AnswerShapeError extends Error {
  constructor(
    readonly request: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const issue = issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the body';
    super(`${request} answered an unexpected shape: ${where}: ${issue?.message ?? 'invalid'}`);
    this.name = 'AnswerShapeError';
  }
}

/** The answer as its schema reads it, or an AnswerShapeError naming `request` (e.g. 'GET /api/admin/stats'). */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, request: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AnswerShapeError(request, parsed.error.issues);
  return parsed.data;
}
