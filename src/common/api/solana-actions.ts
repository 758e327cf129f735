import { z } from 'zod';

/**
 * A challenge's link as a Solana Action (the Actions spec: actions.json, then GET and POST on the Action's
 * URL), answered by http/challenge-action-routes.ts. Wallets and unfurlers read these; the server's answers
 * are typed by them and a test parses real answers with them. A refusal is `{ message }` (the spec's
 * ActionError), not the product's `{ error }`.
 */

/** GET /actions.json: which page paths are Actions, and where each Action's API lives. */
export const actionsJsonSchema = z.object({
  rules: z.array(z.object({ pathPattern: z.string(), apiPath: z.string() })),
});
export type ActionsJson = z.infer<typeof actionsJsonSchema>;

/** The spec's ActionError: a refusal's answer, and a GET answer's reason to be disabled. */
export const actionErrorSchema = z.object({ message: z.string() });
export type ActionError = z.infer<typeof actionErrorSchema>;

const linkedActionSchema = z.object({
  type: z.enum(['transaction', 'external-link']),
  label: z.string(),
  href: z.string(),
});

/** GET /api/actions/challenge/{code}: the challenge, with its accept button (or why it is closed). */
export const actionGetAnswerSchema = z.object({
  type: z.literal('action'),
  icon: z.url(),
  title: z.string(),
  description: z.string(),
  label: z.string(),
  disabled: z.literal(true).optional(),
  error: actionErrorSchema.optional(),
  links: z.object({ actions: z.array(linkedActionSchema).min(1) }),
});
export type ActionGetAnswer = z.infer<typeof actionGetAnswerSchema>;

/** POST /api/actions/challenge/{code}: the entry transfer for `account` to sign, base64, and what comes next. */
export const actionPostAnswerSchema = z.object({
  type: z.literal('transaction'),
  transaction: z.base64(),
  message: z.string(),
});
export type ActionPostAnswer = z.infer<typeof actionPostAnswerSchema>;

/** An Action route's replies: its answer, or the spec's ActionError with its status. */
export type ActionReplies<Answer> = { 200: Answer; '4xx': ActionError; '5xx': ActionError };
