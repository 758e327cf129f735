/**
 * Texts of the player's transaction history that the server writes and the client shows too (no zod here:
 * the history's filters and rows read them without the schemas).
 */
export const HISTORY_TEXTS = {
  /** GET /api/transactions/history's `message` for an empty page, and the list's own empty text. */
  empty: 'No transactions found',
  /** A winner's payout held because the wallet was banned before it was paid (its row's error message). */
  payoutHeld: 'Payout held for review',
} as const;
