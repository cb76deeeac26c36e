// Lets a library that was given `db` (Better Auth) run inside one of our transactions.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Tx } from './client';

const scope = new AsyncLocalStorage<Tx>();

/** Runs fn so that queries made through `scopedDatabase(db)` use tx. */
export function runInTransactionScope<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  return scope.run(tx, fn);
}

/** A stand-in for db that routes every call to the current scoped transaction when there is one. */
export function scopedDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, prop) {
      const active = scope.getStore() ?? target;
      const value = Reflect.get(active, prop, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}
