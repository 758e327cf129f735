import { getTableName, type Table } from 'drizzle-orm';
import type { Database } from '../database.ts';

/**
 * A fault injected between two writes: the real database, except that the next `times` inserts into (or
 * updates of) a table are refused, as a lost connection or a full disk would refuse them. Transactions opened
 * through it hand out the same wrapper, so a refusal inside one rolls the whole transaction back.
 */
export interface FailingWrites {
  db: Database;
  failInserts(table: Table, times?: number): void;
  failUpdates(table: Table, times?: number): void;
  /** How many writes were refused so far. */
  refused(): number;
}

export function failingWrites(inner: Database): FailingWrites {
  const pending = new Map<string, number>();
  let refused = 0;
  const key = (kind: 'insert' | 'update', table: Table) => `${kind} ${getTableName(table)}`;
  const check = (kind: 'insert' | 'update', table: Table) => {
    const left = pending.get(key(kind, table)) ?? 0;
    if (left <= 0) return;
    pending.set(key(kind, table), left - 1);
    refused++;
    throw new Error(`injected fault: ${key(kind, table)} refused`);
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, property) {
        const value = Reflect.get(t, property, t) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'insert' || property === 'update') {
          return (table: Table) => {
            check(property, table);
            return (value as (table: Table) => unknown).call(t, table);
          };
        }
        if (property === 'transaction') {
          return (run: (tx: Database) => Promise<unknown>, config?: unknown) =>
            (value as (run: (tx: Database) => Promise<unknown>, config?: unknown) => unknown).call(
              t,
              (tx: Database) => run(wrap(tx)),
              config,
            );
        }
        return (value as (...args: unknown[]) => unknown).bind(t);
      },
    });
  return {
    db: wrap(inner),
    failInserts: (table, times = 1) => pending.set(key('insert', table), times),
    failUpdates: (table, times = 1) => pending.set(key('update', table), times),
    refused: () => refused,
  };
}
