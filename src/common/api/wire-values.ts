import { z } from 'zod';

/**
 * The field types every HTTP answer is made of (STYLE.md 7): lamports cross JSON as decimal strings (JSON has
 * no bigint, and a float would round them), SOL as a number only where SPEC shows SOL, instants as ISO text.
 */

/** Exact lamports as a decimal string; negative only for a balance such as profit and loss. */
export const lamportsText = z.string().regex(/^-?\d+$/, 'Expected lamports as a decimal string');
/** SOL for display, never for arithmetic. */
export const solNumber = z.number().finite();
/** An instant as `Date.prototype.toISOString` writes it. */
export const instant = z.iso.datetime({ offset: true });
export const count = z.number().int().nonnegative();

/** One page of an admin list: newest first; `nextCursor` asks for the next (older) page, null on the last. */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ items: z.array(row), nextCursor: z.string().nullable() });
export type Page<Row> = { items: Row[]; nextCursor: string | null };

/** Every refusal: the text the client shows (SPEC §7: the client reads `error`). */
export const apiErrorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
