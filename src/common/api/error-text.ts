import { apiErrorSchema } from './wire-values.ts';

/** The `error` text of a refusal's body, or null when it has none (or not a text). */
export function errorTextOf(body: unknown): string | null {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}
