import type { Table } from 'drizzle-orm';
import type { Database } from '../database.ts';

/**
 * A seam in time, not a fault: the real database, except that the next transaction which inserts into a
 * given table runs a callback after its body and before its commit, so a test can make something happen
 * exactly while that transaction is being committed (a socket closing while a pairing is written).
 */
export interface BeforeCommit {
  db: Database;
  /** The next transaction that inserts into `table` calls `run` just before it commits. */
  once(table: Table, run: () => unknown): void;
}

export function beforeCommit(inner: Database): BeforeCommit {
  let armed: { table: Table; run: () => unknown } | undefined;
  const watch = (tx: Database, seen: { wrote: boolean }): Database =>
    new Proxy(tx, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property === 'insert') {
          return (table: Table) => {
            if (armed?.table === table) seen.wrote = true;
            return (value as (table: Table) => unknown).call(target, table);
          };
        }
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  const db = new Proxy(inner, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== 'transaction') {
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (body: (tx: Database) => Promise<unknown>, config?: unknown) =>
        (value as (body: (tx: Database) => Promise<unknown>, config?: unknown) => Promise<unknown>).call(
          target,
          async (tx: Database) => {
            const seen = { wrote: false };
            const result = await body(watch(tx, seen));
            const due = seen.wrote ? armed : undefined;
            if (due) {
              armed = undefined;
              await due.run();
            }
            return result;
          },
          config,
        );
    },
  });
  return {
    db,
    once(table, run) {
      armed = { table, run };
    },
  };
}
