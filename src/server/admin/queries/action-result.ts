/**
 * What an admin action service hands its route: the body to answer, or a refusal with its status and the
 * `{ error }` text (SPEC §7: the client reads `error`). Nothing here knows HTTP beyond the status number.
 */
export type ActionResult<T> = { ok: true; body: T } | { ok: false; status: 400 | 404 | 409; error: string };

export const refused = (status: 400 | 404 | 409, error: string): ActionResult<never> => ({
  ok: false,
  status,
  error,
});

/** A required text field: trimmed, non-empty, bounded. */
export function requiredText(value: unknown, max = 500): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length > 0 && text.length <= max ? text : undefined;
}
