import { type SQL, sql } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * The two indexes the admin search reads a value through (src/server/admin/queries/search-term.ts):
 * `<name>_prefix_idx` for `value LIKE 'start%'` and `<name>_suffix_idx` for `reverse(value) LIKE 'dne%'`.
 * `text_pattern_ops` compares characters one by one, so a prefix LIKE can use the btree whatever the
 * database's collation (PGlite and a PostgreSQL server may differ).
 */
export function searchIndexes(name: string, value: PgColumn | SQL) {
  return [
    index(`${name}_prefix_idx`).using('btree', sql`${value} text_pattern_ops`),
    index(`${name}_suffix_idx`).using('btree', sql`reverse(${value}) text_pattern_ops`),
  ];
}
