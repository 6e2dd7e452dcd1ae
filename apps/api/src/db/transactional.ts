import type { Database } from './client.js';

/**
 * A repository whose service opens the transaction: its rows on the pool, and
 * `inTransaction`, which runs `work` with the same rows on one transaction and that transaction's
 * handle, for what must commit with the change (an audit entry, features/audit). Whatever `work`
 * throws rolls the whole transaction back.
 */
export function transactional<R extends object>(db: Database, rowsOn: (db: Database) => R) {
  return {
    ...rowsOn(db),
    inTransaction<T>(work: (rows: R, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(rowsOn(tx), tx));
    },
  };
}
