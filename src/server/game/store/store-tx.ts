import type { Database } from '../../db/database.ts';

/**
 * The transaction a store write runs in, handed to the hooks that must commit with it (the money side, the
 * back-office's wallet analytics, the match start written with a pairing). The game passes it on and never
 * looks inside; only the store and those hooks do. The Drizzle store's is its database transaction.
 */
export type StoreTx = Database;
