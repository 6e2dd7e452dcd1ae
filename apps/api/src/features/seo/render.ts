import type { SitemapPart } from './repo.js';

/** The public pages a search engine may index, besides each part's own page. */
export const PUBLIC_PATHS = ['/', '/parts', '/blogs', '/portfolio'] as const;

/** Pages that are private or worthless to a search engine (the API included). */
export const DISALLOWED_PATHS = ['/dashboard', '/login', '/register', '/purchase', '/api'] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

export function renderSitemap(origin: string, parts: SitemapPart[]): string {
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((path) => url(path)),
    ...parts.map((part) => url(`/parts/${part.id}`, part.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
