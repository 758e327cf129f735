import { z } from 'zod';
import { GAME_MODE_IDS } from './game-modes.ts';
import { SIGNATURE_MAX_LENGTH, SIGNATURE_MIN_LENGTH } from './rules.ts';
import { UUID_SOURCE } from './text-patterns.ts';

/**
 * Not in SPEC: what the server holds for a wallet, told on every (re)connection (`held`), and what the page
 * believes it holds, named in its `connect` (`holding`). The page's state follows the server's word: a
 * search the server no longer holds is cleared, and what became of it (a refund, with its exact amount) is
 * said. Parts of protocol.ts, in a file of their own.
 */

const lamportsText = z.string().regex(/^\d{1,20}$/, 'Expected lamports as decimal text');
const mode = z.enum(GAME_MODE_IDS);
/** A text that is one UUID and nothing else. */
export const UUID_EXACT = new RegExp(`^${UUID_SOURCE}$`, 'i');
const uuid = z.string().regex(UUID_EXACT, 'Expected an id');

/**
 * In `connect`: the search the page believes it holds (its id from the `findMatch` reply, its payment), or
 * the match it left while the server could not be told (`gameId`), whose end it has not heard.
 */
export const holdingSchema = z.strictObject({
  searchId: uuid.optional(),
  paymentSignature: z.string().min(SIGNATURE_MIN_LENGTH).max(SIGNATURE_MAX_LENGTH).optional(),
  gameId: uuid.optional(),
});
export type Holding = z.infer<typeof holdingSchema>;

const search = {
  searchId: z.string(),
  gameMode: mode,
  /** How long the server has held it (ms): the page's wait counts from the server's start, not its own. */
  waitedMs: z.number().int().nonnegative(),
  /** The verified entry fee it holds (lamports), null in Free Play. */
  entryLamports: lamportsText.nullable(),
};

/** What the server holds for this wallet now: one of these, or nothing. */
export const heldThingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nothing') }),
  z.object({ kind: z.literal('search'), ...search }),
  z.object({ kind: z.literal('challenge'), ...search, code: z.string(), expiresAt: z.number() }),
  z.object({ kind: z.literal('rematch'), ...search, gameId: z.string(), expiresAt: z.number() }),
  z.object({ kind: z.literal('match'), gameId: z.string() }),
]);
export type HeldThing = z.infer<typeof heldThingSchema>;

/** A refund as the ledger holds it: `pending` until the house sends it, then `sent` and `confirmed`. */
export const heldRefundSchema = z.object({
  lamports: lamportsText,
  /** Whole percent of the entry fee returned (97 after a cancel, 100 when the server closed it). */
  percent: z.number().int().min(0).max(100),
  reason: z.string(),
  status: z.enum(['pending', 'sent', 'confirmed']),
  /** The refund's transaction signature, once sent. */
  signature: z.string().nullable(),
  /** Its ledger row: the `transaction_notification` that says it was sent carries it as its `id`. */
  transactionId: z.string().nullable(),
});
export type HeldRefund = z.infer<typeof heldRefundSchema>;

/** The search the page named, no longer held: how it ended, and its refund if it had a fee. */
export const settledSearchSchema = z.object({
  /** Null for a payment that never became a search (refused while the server stopped). */
  searchId: z.string().nullable(),
  gameMode: mode,
  /**
   * `error`: closed by the server itself (a restart, an outage); `matched`: it became the game `gameId`;
   * `interrupted`: it became the game `gameId`, which a server stop interrupted (no winner, entry refunded
   * in full), told when the page's `reconnect` names that game.
   */
  status: z.enum(['cancelled', 'disconnected', 'timed_out', 'error', 'matched', 'refused', 'interrupted']),
  gameId: z.string().nullable(),
  refund: heldRefundSchema.nullable(),
});
export type SettledSearch = z.infer<typeof settledSearchSchema>;

export const heldMessageShape = {
  type: z.literal('held'),
  holds: heldThingSchema,
  /**
   * Only when the page's `connect` named a search the server no longer holds, or its `reconnect` (or its
   * `connect`'s `holding.gameId`) a match a server stop interrupted; only ever the wallet's own.
   */
  settled: settledSearchSchema.nullable(),
};
