// Lets a library that was given `db` (Better Auth) run inside one of our transactions.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Tx } from './client';

type Scope = { tx: Tx; afterCommit: Array<() => void> };
const scope = new AsyncLocalStorage<Scope>();

/**
 * Runs fn so that queries made through `scopedDatabase(db)` use tx. What fn hands to
 * `whenCommitted` is pushed to `afterCommit`, for the caller to run once tx has committed.
 */
export function runInTransactionScope<T>(
  tx: Tx,
  fn: () => Promise<T>,
  afterCommit: Array<() => void> = [],
): Promise<T> {
  return scope.run({ tx, afterCommit }, fn);
}

/**
 * One transaction that libraries given `db` join (through scopedDatabase); what they hand to
 * `whenCommitted` runs once it has committed, and never when it rolls back.
 */
export async function scopedTransaction<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const afterCommit: Array<() => void> = [];
  const result = await db.transaction((tx) => runInTransactionScope(tx, () => fn(tx), afterCommit));
  for (const run of afterCommit) run();
  return result;
}

/**
 * Runs `fn` once the current scoped transaction has committed (at once outside one): an e-mail
 * about a row must not leave when the row is rolled back.
 */
export function whenCommitted(fn: () => void): void {
  const current = scope.getStore();
  if (current) current.afterCommit.push(fn);
  else fn();
}

/** A stand-in for db that routes every call to the current scoped transaction when there is one. */
export function scopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, prop) {
      const active = scope.getStore()?.tx ?? target;
      const value = Reflect.get(active, prop, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}
