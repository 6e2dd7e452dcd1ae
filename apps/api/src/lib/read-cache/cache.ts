import type { OutgoingHttpHeaders } from 'node:http';
import { pageUrl } from '@store/shared';
import type { DatabaseHandle } from '../../db/client.js';
import type { CaughtUp, StopListening } from '../../db/listen.js';

/** The tables public answers show, each watched by a NOTIFY trigger (migrations 0009, 0013, 0023). */
export type PublicTable = 'parts' | 'reviews' | 'categories';
export const PUBLIC_TABLES: readonly PublicTable[] = ['parts', 'reviews', 'categories'];

/** One public answer, serialized once and sent as is until a write invalidates it. */
export interface CachedAnswer {
  /** What a change to which forgets it (decision 024); unset: any. */
  dependsOn?: readonly PublicTable[];
  /** The answer's headers as the full stack set them (security headers included), minus per-request ones. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  /** The route pattern, for the request log (`/api/part/:id`). */
  route: string;
  /** Made on the first request that accepts it (lib/read-cache/fast-layer.ts). */
  gzipped?: Buffer;
  /** `headers` as writeHead's flat list, made on first use: an object is re-read on every send. */
  flat?: { ok: string[]; notModified: string[] };
}

/**
 * Bounds: a cache-busting query string (`?x=1`, `?x=2`, …) can only push the oldest answers out.
 * A catalog page is ~10 kB, so the byte bound is the one a large catalog meets first.
 */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** The feed tells every instance of a change within a second: no write waits on it longer. */
const CAUGHT_UP_WAIT_MS = 1_000;

/** Where the change feed was (`ReadCache.heard`), and what a write changed since. */
export interface SinceWrite {
  heard: number;
  tables: readonly PublicTable[];
}

/**
 * The public browse answers (home parts, catalog pages, a part, reviews, index.html) by URL,
 * least recently used first out. A change to parts forgets every answer that shows parts, one to
 * reviews every answer that shows reviews (decision 024): writes are rare next to reads, and an
 * answer rebuilt once costs what one uncached request did.
 *
 * An answer is kept only if nothing was invalidated while it was being made (`begin` hands out
 * the generation it was read under), so a read that raced a write can never outlive it. Until
 * the change feed is listening (`resume`), and whenever it may have missed a change (`pause`),
 * nothing is kept.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  private generation = 0;
  private live = false;
  private feedCaughtUp: CaughtUp | undefined;
  /** Notifications the feed has passed on, and the count at the latest for each table. */
  private notifications = 0;
  private readonly lastHeard = new Map<PublicTable, number>();
  private readonly invalidated = new Set<(tables: readonly PublicTable[]) => void>();

  /** The answer for this URL, if kept. */
  get(url: string): CachedAnswer | undefined {
    const answer = this.entries.get(url);
    if (answer) {
      // Map iteration order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(url);
      this.entries.set(url, answer);
    }
    return answer;
  }

  /** A token to keep the answer about to be made with, or undefined when nothing may be kept now. */
  begin(): number | undefined {
    return this.live ? this.generation : undefined;
  }

  /** Keeps `answer` unless the data may have changed since `begin` gave `token`. */
  keep(url: string, token: number, answer: CachedAnswer): void {
    if (!this.live || token !== this.generation) return;
    const size = answer.body.length;
    if (size > MAX_BYTES / 8) return;
    const previous = this.entries.get(url);
    if (previous) this.drop(url, previous);
    this.entries.set(url, answer);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.drop(oldest, entry);
    }
  }

  /**
   * These tables changed (here or on another instance): forget every answer that shows them.
   * Answers being made now are not kept, whatever they show (`begin`): one counter is enough.
   */
  invalidate(tables: readonly PublicTable[] = PUBLIC_TABLES): void {
    this.generation += 1;
    if (PUBLIC_TABLES.every((table) => tables.includes(table))) {
      this.entries.clear();
      this.bytes = 0;
    } else {
      for (const [url, entry] of this.entries) {
        if ((entry.dependsOn ?? PUBLIC_TABLES).some((table) => tables.includes(table))) this.drop(url, entry);
      }
    }
    for (const listener of this.invalidated) listener(tables);
  }

  /** The change feed says these tables changed (here or on another instance). */
  notified(tables: readonly PublicTable[]): void {
    this.notifications += 1;
    for (const table of tables) this.lastHeard.set(table, this.notifications);
    this.invalidate(tables);
  }

  /** How many notifications the feed has passed on: a write's `since` for `caughtUp`. */
  get heard(): number {
    return this.notifications;
  }

  /** Changes may go unseen (the change feed lost its connection): forget all, keep nothing. */
  pause(): void {
    this.live = false;
    this.feedCaughtUp = undefined;
    this.invalidate();
  }

  /** The change feed listens (again): answers may be kept. `caughtUp`: the feed's (db/listen.ts). */
  resume(caughtUp?: CaughtUp): void {
    this.invalidate();
    this.feedCaughtUp = caughtUp;
    this.live = true;
  }

  /**
   * Resolves once every change committed before the call has been applied here, or after
   * CAUGHT_UP_WAIT_MS. A write answers only then (remember.ts, `forgetOnWrite`): otherwise its
   * own notification could arrive after the writer had read again, and forget the answer that
   * read kept. At once while nothing is kept, since then there is nothing to forget; and at once
   * when, since `since.heard`, the feed has told of a change to each of `since.tables` (under a
   * stream of orders, always): most likely the write's own, and waiting only ever saves a miss.
   */
  async caughtUp(since?: SinceWrite): Promise<void> {
    const feed = this.live ? this.feedCaughtUp : undefined;
    if (!feed) return;
    if (since?.tables.every((table) => (this.lastHeard.get(table) ?? 0) > since.heard)) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CAUGHT_UP_WAIT_MS);
    });
    await Promise.race([feed(), waited]);
    clearTimeout(timer);
  }

  /** Told of every invalidation, for other per-instance caches of the same data (the sitemap). */
  onInvalidate(listener: (tables: readonly PublicTable[]) => void): void {
    this.invalidated.add(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(url: string, entry: CachedAnswer): void {
    this.entries.delete(url);
    this.bytes -= entry.body.length;
  }
}

/**
 * The key an answer is kept by: an API answer's own URL; a page's path with only the parameters
 * the page reads (`pageUrl`, decision 024), so `/?utm_source=x` is `/` and is sent from the cache.
 */
export function cacheKey(url: string): string {
  return url.startsWith('/api/') ? url : pageUrl(url);
}

/**
 * The NOTIFY channel migration 0013's triggers signal on, with `<schema>.<table>`. (0009's
 * `store_read_cache`, with the schema alone, is still signalled for a store of the release
 * before, during a rolling deploy.)
 */
export const READ_CACHE_CHANNEL = 'store_read_cache_tables';

/** The table a notification names; undefined (all of them) for one this store does not know. */
export function tablesOf(payload: string): readonly PublicTable[] {
  const table = payload.slice(payload.lastIndexOf('.') + 1);
  const known = PUBLIC_TABLES.find((name) => name === table);
  return known ? [known] : PUBLIC_TABLES;
}

/**
 * Keeps `cache` in step with the database's change feed: every committed write to parts or
 * reviews forgets, on every instance, the answers that show them, and nothing is kept while the
 * feed may miss one.
 */
export function followChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: ReadCache,
): Promise<StopListening> {
  return database.listen(READ_CACHE_CHANNEL, {
    onNotify: (payload) => cache.notified(tablesOf(payload)),
    onGap: () => cache.pause(),
    onReady: (caughtUp) => cache.resume(caughtUp),
  });
}
