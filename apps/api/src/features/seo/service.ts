import { PUBLIC_PATHS, renderRobots, renderSitemap } from './render.js';
import type { SitemapPart, SitemapRepo } from './repo.js';

/** The sitemap protocol's cap on one file's URLs; the public pages take the first few. */
export const SITEMAP_MAX_URLS = 50_000;
/** Origins whose rendered sitemap is kept (the Host header is the client's: keep it bounded). */
const MAX_ORIGINS = 4;

export interface SitemapOptions {
  /** Parts listed at most; beyond it, those with the highest ids are left out (decision record 015). */
  maxParts?: number;
  /**
   * How long a built list is trusted without an invalidation: a safety net, since every
   * instance's writes reach `invalidate` through the read cache's change feed (app.ts).
   */
  ttlMs?: number;
  now?: () => number;
  /** Rows per query while reading the list. */
  batchSize?: number;
}

/**
 * robots.txt and sitemap.xml. The list of parts is read once and kept in memory until a change
 * is reported (`invalidate`: the parts service here, the database's change feed for any
 * instance) or `ttlMs` passes.
 */
export function createSitemapService(
  repo: SitemapRepo,
  {
    maxParts = SITEMAP_MAX_URLS - PUBLIC_PATHS.length,
    ttlMs = 10 * 60_000,
    now = Date.now,
    batchSize = 5_000,
  }: SitemapOptions = {},
) {
  let generation = 0;
  let cached: { parts: Promise<SitemapPart[]>; at: number } | undefined;
  const rendered = new Map<string, string>();

  async function readParts(): Promise<SitemapPart[]> {
    const all: SitemapPart[] = [];
    let after: string | undefined;
    while (all.length < maxParts) {
      const batch = await repo.listedAfter(after, Math.min(batchSize, maxParts - all.length));
      all.push(...batch);
      if (batch.length === 0 || all.length >= maxParts) break;
      after = batch.at(-1)?.id;
    }
    return all;
  }

  function invalidate() {
    generation += 1;
    cached = undefined;
    rendered.clear();
  }

  function currentParts(): Promise<SitemapPart[]> {
    if (cached && now() - cached.at < ttlMs) return cached.parts;
    invalidate();
    const started = generation;
    const parts = readParts();
    cached = { parts, at: now() };
    // A failed read is not kept; a read that an invalidation overtook was already dropped.
    parts.catch(() => {
      if (generation === started) cached = undefined;
    });
    return parts;
  }

  return {
    invalidate,

    robots: (origin: string) => renderRobots(origin),

    async sitemap(origin: string): Promise<string> {
      const pending = currentParts();
      const started = generation;
      const parts = await pending;
      const hit = rendered.get(origin);
      if (hit !== undefined && generation === started) return hit;
      const xml = renderSitemap(origin, parts);
      if (generation === started) {
        if (rendered.size >= MAX_ORIGINS) rendered.clear();
        rendered.set(origin, xml);
      }
      return xml;
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
