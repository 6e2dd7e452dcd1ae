import type { SitemapPart } from './repo.js';

/** The public pages a search engine may index, besides each part's own page. */
export const PUBLIC_PATHS = ['/', '/parts', '/blogs', '/portfolio'] as const;

/** Pages that are private or worthless to a search engine (the API included). */
export const DISALLOWED_PATHS = ['/dashboard', '/login', '/register', '/purchase', '/api'] as const;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** One sitemap file's `/sitemap-N.xml` path (N from 1). */
export const sitemapFilePath = (n: number) => `/sitemap-${n}.xml`;

/**
 * A sitemap file's URLs, everything after the origin already written (escaped, dates formatted):
 * done once per catalog change, so an origin's file costs one concatenation per URL.
 */
export interface SitemapFile {
  tails: string[];
  /** The newest lastmod in the file, for the index. */
  lastmod: Date | undefined;
}

/**
 * The public pages, each category's page, then every part, in files of at most `urlsPerFile` URLs.
 */
export function splitSitemap(
  parts: SitemapPart[],
  urlsPerFile: number,
  categorySlugs: readonly string[] = [],
): SitemapFile[] {
  const entries: { tail: string; lastmod?: Date }[] = [
    ...PUBLIC_PATHS.map((path) => ({ tail: `${escapeXml(path)}</loc></url>` })),
    ...categorySlugs.map((slug) => ({ tail: `${escapeXml(`/c/${slug}`)}</loc></url>` })),
    ...parts.map((part) => ({
      tail: `${escapeXml(`/parts/${part.id}`)}</loc><lastmod>${part.lastmod.toISOString()}</lastmod></url>`,
      lastmod: part.lastmod,
    })),
  ];
  const files: SitemapFile[] = [];
  for (let start = 0; start < entries.length; start += urlsPerFile) {
    const slice = entries.slice(start, start + urlsPerFile);
    let lastmod: Date | undefined;
    for (const entry of slice)
      if (entry.lastmod && (!lastmod || entry.lastmod > lastmod)) lastmod = entry.lastmod;
    files.push({ tails: slice.map((entry) => entry.tail), lastmod });
  }
  return files;
}

export function renderSitemapFile(origin: string, file: SitemapFile): string {
  const head = `<url><loc>${escapeXml(origin)}`;
  return [
    XML_HEAD,
    `<urlset xmlns="${XMLNS}">`,
    ...file.tails.map((tail) => head + tail),
    '</urlset>',
    '',
  ].join('\n');
}

/** `/sitemap.xml`: the index naming every file (the protocol allows 50,000 URLs per file). */
export function renderSitemapIndex(origin: string, files: SitemapFile[]): string {
  return [
    XML_HEAD,
    `<sitemapindex xmlns="${XMLNS}">`,
    ...files.map(
      (file, i) =>
        `<sitemap><loc>${escapeXml(origin + sitemapFilePath(i + 1))}</loc>${
          file.lastmod ? `<lastmod>${file.lastmod.toISOString()}</lastmod>` : ''
        }</sitemap>`,
    ),
    '</sitemapindex>',
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
