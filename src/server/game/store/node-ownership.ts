import { type AnyColumn, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

/**
 * Whose open searches and matches a settlement may close. One process alone on its database
 * settles everything a previous run left open ('all'). In cluster mode several game nodes share the
 * database, and each search and match row names the node holding it (`node_id`): a node settles only the
 * rows of the nodes it names, the ones it knows are gone, and (at its own start) rows that name no node.
 */
export type SettleScope = { kind: 'all' } | { kind: 'nodes'; nodeIds: readonly string[]; unowned: boolean };

export const SETTLE_ALL: SettleScope = { kind: 'all' };

/** The condition on a `node_id` column that selects the scope's rows. */
export function ownedWithin(column: AnyColumn, scope: SettleScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  const named = scope.nodeIds.length > 0 ? inArray(column, [...scope.nodeIds]) : undefined;
  const unowned = scope.unowned ? isNull(column) : undefined;
  return or(named, unowned) ?? sql`false`;
}

/** Whether the scope can select any row at all (a settlement with nothing to settle skips its queries). */
export function scopeIsEmpty(scope: SettleScope): boolean {
  return scope.kind === 'nodes' && scope.nodeIds.length === 0 && !scope.unowned;
}
