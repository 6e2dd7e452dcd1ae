import type { PublicTable, ReadCache } from './cache.js';

/**
 * One value read from the database and kept on this instance until the read cache hears of a
 * change to one of `tables` (here or on another instance, decision 024). Kept only if nothing
 * changed while it was read, and never while the change feed may miss a change; without a read
 * cache, read every time.
 */
export class KeptUntilChange<T> {
  private kept: { value: T } | undefined;

  constructor(
    private readonly feed: Pick<ReadCache, 'begin' | 'onInvalidate'> | undefined,
    tables: readonly PublicTable[],
  ) {
    feed?.onInvalidate((changed) => {
      if (changed.some((table) => tables.includes(table))) this.kept = undefined;
    });
  }

  async get(read: () => Promise<T>): Promise<T> {
    if (this.kept) return this.kept.value;
    const token = this.feed?.begin();
    const value = await read();
    if (token !== undefined && token === this.feed?.begin()) this.kept = { value };
    return value;
  }
}
