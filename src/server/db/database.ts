import type { Assume, ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * What `db.execute(sql)` returns on either driver: both PGlite's Results and node-postgres' QueryResult
 * carry `rows`, and code that must run on both may rely on nothing else.
 */
export interface DatabaseQueryResult<TRow> {
  rows: TRow[];
}

export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  type: DatabaseQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The Drizzle database every service takes as a dependency, the same whether PGlite or a PostgreSQL
 * server is behind it. A transaction (`db.transaction(async (tx) => …)`) is also a Database, so a
 * function typed with it runs inside or outside one.
 */
export type Database = PgDatabase<DatabaseQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseTransaction = PgTransaction<
  DatabaseQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
