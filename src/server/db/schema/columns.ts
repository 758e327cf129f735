import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders every table shares, so money and time are stored one way everywhere: lamports as
 * `bigint` read back as JS bigint (ARCHITECTURE invariant 1; a `number` loses precision above 2^53), and
 * instants as `timestamp with time zone` so a server in another zone reads the same moment.
 */

export const lamports = (name: string) => bigint(name, { mode: 'bigint' });

/** A running lamport total that starts at zero. The default is SQL because drizzle-kit 0.31 cannot serialise 0n. */
export const zeroLamports = (name: string) => lamports(name).notNull().default(sql`0`);

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by Drizzle on every update it issues; raw SQL updates must set it themselves. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();
