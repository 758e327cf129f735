import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The reference keys the product put in the entry transfers its challenges' Solana Actions built (one per
 * challenge, written when its Action first builds one). A transfer to the house naming one of these keys is
 * a payment the product asked for, so it is the product's to refund in full when it never becomes an entry
 * (ARCHITECTURE invariant 10), whoever paid it and whether or not that wallet ever signed in.
 */
export const challengeActionReferences = pgTable('challenge_action_references', {
  /** The read-only account key in the transfer (base58), as the chain lists the transaction under it. */
  reference: text('reference').primaryKey(),
  /** queue_sessions.challenge_code of the challenge it pays. */
  challengeCode: text('challenge_code').notNull(),
  createdAt: createdAt(),
});
