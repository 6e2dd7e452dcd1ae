import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import {
  renderRobots,
  renderSitemapFile,
  renderSitemapIndex,
  type SitemapFile,
  splitSitemap,
} from './render.js';
import type { SitemapPart, SitemapRepo } from './repo.js';

const gzip = promisify(gzipCallback);
export const gunzip = promisify(gunzipCallback);

/** The sitemap protocol's cap on one file's URLs. */
export const SITEMAP_MAX_URLS = 50_000;
/** Origins whose rendered sitemaps are kept (the Host header is the client's: keep it bounded). */
const MAX_ORIGINS = 4;
/** The index's key among an origin's answers; files are 1, 2, … */
const INDEX = 0;

/** A rendered answer, kept gzipped: crawlers take it so, and it is a tenth of the XML's size. */
export interface SitemapAnswer {
  gzip: Buffer;
  /** Weak: the gzipped and the plain answers share it. */
  etag: string;
}

export interface SitemapOptions {
  /** URLs per file (tests use a few). */
  urlsPerFile?: number;
  /**
   * How long a built list is trusted without an invalidation: a safety net, since every
   * instance's writes reach `invalidate` through the read cache's change feed (app.ts).
   */
  ttlMs?: number;
  now?: () => number;
  /** Rows per query while reading the list. */
  batchSize?: number;
  /** Told of every answer rendered and gzipped (0: the index), so tests can count them. */
  onRender?: (origin: string, file: number) => void;
}

/**
 * robots.txt, the sitemap index and its files. The catalog (parts and categories) is read and split into files once
 * per change (`invalidate`: the parts service here, the database's change feed for any
 * instance) or when `ttlMs` passes; each origin's answers are rendered and gzipped once from
 * that, on their first request, and kept until the next change (docs/decisions/029).
 */
export function createSitemapService(
  repo: SitemapRepo,
  {
    urlsPerFile = SITEMAP_MAX_URLS,
    ttlMs = 10 * 60_000,
    now = Date.now,
    batchSize = 5_000,
    onRender,
  }: SitemapOptions = {},
) {
  let generation = 0;
  let cached: { files: Promise<SitemapFile[]>; at: number } | undefined;
  const rendered = new Map<string, Map<number, Promise<SitemapAnswer | undefined>>>();

  async function readParts(): Promise<SitemapPart[]> {
    const all: SitemapPart[] = [];
    let after: string | undefined;
    for (;;) {
      const batch = await repo.listedAfter(after, batchSize);
      all.push(...batch);
      if (batch.length < batchSize) return all;
      after = batch.at(-1)?.id;
    }
  }

  function invalidate() {
    generation += 1;
    cached = undefined;
    rendered.clear();
  }

  function currentFiles(): Promise<SitemapFile[]> {
    if (cached) return cached.files;
    const started = generation;
    const files = Promise.all([readParts(), repo.categorySlugs()]).then(([parts, slugs]) =>
      splitSitemap(parts, urlsPerFile, slugs),
    );
    cached = { files, at: now() };
    // A failed read is not kept; a read that an invalidation overtook was already dropped.
    files.catch(() => {
      if (generation === started) cached = undefined;
    });
    return files;
  }

  async function render(origin: string, file: number): Promise<SitemapAnswer | undefined> {
    const files = await currentFiles();
    const chosen = files[file - 1];
    if (file !== INDEX && !chosen) return undefined;
    const xml = chosen ? renderSitemapFile(origin, chosen) : renderSitemapIndex(origin, files);
    onRender?.(origin, file);
    // zlib runs in libuv's threads: a large file does not hold up other requests meanwhile.
    const body = await gzip(xml);
    return { gzip: body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  /** `file` 0 is the index. Undefined: no such file. */
  function answer(origin: string, file: number): Promise<SitemapAnswer | undefined> {
    if (cached && now() - cached.at >= ttlMs) invalidate();
    let answers = rendered.get(origin);
    const hit = answers?.get(file);
    if (hit) return hit;
    if (!answers) {
      if (rendered.size >= MAX_ORIGINS) rendered.clear();
      answers = new Map();
      rendered.set(origin, answers);
    }
    const made = render(origin, file);
    const kept = answers;
    kept.set(file, made);
    // Neither a failure nor a file that does not exist is kept (any number may be asked for).
    const forget = () => {
      if (kept.get(file) === made) kept.delete(file);
    };
    made.then((result) => result ?? forget(), forget);
    return made;
  }

  return {
    invalidate,
    robots: (origin: string) => renderRobots(origin),
    index: (origin: string) => answer(origin, INDEX),
    /** `/sitemap-N.xml`, N from 1. */
    file: (origin: string, n: number) => (n >= 1 ? answer(origin, n) : Promise.resolve(undefined)),
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
