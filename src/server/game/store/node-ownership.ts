import { type AnyColumn, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { SettleScope } from './store-keys.ts';

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
