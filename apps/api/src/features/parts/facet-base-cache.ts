import type { FacetRow } from './facets-repo.js';

/** What the cache follows: the read cache's generation (lib/read-cache), which every change moves. */
export interface ChangeFeed {
  /** The current generation, or undefined while changes may go unheard. */
  begin(): number | undefined;
  onInvalidate(listener: (tables: readonly string[]) => void): void;
}

/** Bases kept at once, and rows in all: a category of 20,000 parts groups into far fewer. */
const MAX_BASES = 32;
const MAX_ROWS = 200_000;

/**
 * The grouped parts of a facet base (a category, with the search, 'In stock only' and the part
 * to match), per instance (decision 049): every filter combination in a category is counted from
 * the same rows, so only the first request of a base after a change reads the database. Kept
 * only while the read cache's change feed listens, and forgotten on any change to parts or
 * categories, here or on another instance, exactly when the read cache forgets its answers.
 */
export class FacetBaseCache {
  private readonly bases = new Map<string, FacetRow[]>();
  private rows = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.onInvalidate((tables) => {
      if (tables.includes('parts') || tables.includes('categories')) this.clear();
    });
  }

  /** The base's rows, read by `read` unless kept; kept if nothing changed while it read. */
  async get(key: string, read: () => Promise<FacetRow[]>): Promise<FacetRow[]> {
    const kept = this.bases.get(key);
    if (kept) {
      // Most recently used last: the oldest is the first out.
      this.bases.delete(key);
      this.bases.set(key, kept);
      return kept;
    }
    const token = this.feed.begin();
    const rows = await read();
    if (token !== undefined && token === this.feed.begin() && rows.length <= MAX_ROWS / 4)
      this.keep(key, rows);
    return rows;
  }

  private keep(key: string, rows: FacetRow[]): void {
    this.bases.set(key, rows);
    this.rows += rows.length;
    for (const [oldest, entry] of this.bases) {
      if (this.bases.size <= MAX_BASES && this.rows <= MAX_ROWS) break;
      this.bases.delete(oldest);
      this.rows -= entry.length;
    }
  }

  clear(): void {
    this.bases.clear();
    this.rows = 0;
  }
}
