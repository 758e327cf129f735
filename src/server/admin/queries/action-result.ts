import { z } from 'zod';

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

/**
 * A field read by `accept`: what it returns, or (undefined) a refusal of the input with `error`. Optional in
 * zod's sense only so that an absent field is read too (zod skips a field it may leave out): `accept` sees
 * undefined and decides.
 */
export const checkedField = <T>(accept: (value: unknown) => T | undefined, error: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      const taken = accept(value);
      if (taken === undefined) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return taken;
    });

/** A required text field (trimmed, non-empty, at most `max` characters), else refused with `error`. */
export const requiredTextField = (error: string, max = 500) =>
  checkedField((value) => requiredText(value, max), error);

/** An optional text field: trimmed, `otherwise` when absent, empty or too long. */
export const textOr = (otherwise: string, max = 500) =>
  z
    .unknown()
    .optional()
    .transform((value) => requiredText(value, max) ?? otherwise);

/**
 * An action's input read by its schema, fields in the schema's order: the values, or the 400 `{ error }` of
 * the first field refused (the order a service checks its input in is the order its refusals come in).
 */
export function actionInput<S extends z.ZodType>(schema: S, input: unknown): ActionResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  return refused(400, parsed.error.issues[0]?.message ?? 'The request is malformed');
}
