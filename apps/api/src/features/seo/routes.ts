import { type Request, type Response, Router } from 'express';
import { gunzip, type SitemapAnswer, type SitemapService } from './service.js';

/**
 * /robots.txt, /sitemap.xml (an index) and /sitemap-N.xml, before the SPA fallback (which would
 * answer them with HTML). URLs are absolute: from PUBLIC_URL when set, else from the request
 * (protocol and host honour TRUST_PROXY's forwarded headers). An answer built from the request
 * is the requester's alone: `no-cache`, so no shared cache hands it to anyone without asking us
 * (decision records 015, 029).
 */
export function seoRoutes(
  service: SitemapService,
  { publicUrl }: { publicUrl?: string | undefined },
): Router {
  const origin = (req: Request) => publicUrl ?? `${req.protocol}://${req.host}`;
  const robotsCacheControl = publicUrl ? 'public, max-age=3600' : 'no-cache';
  // Revalidated each time (the ETag keeps it cheap): parts come and go.
  const sitemapCacheControl = publicUrl ? 'public, no-cache' : 'no-cache';
  const router = Router();

  router.get('/robots.txt', (req, res) => {
    res.set('Cache-Control', robotsCacheControl);
    res.type('text/plain').send(service.robots(origin(req)));
  });

  async function send(req: Request, res: Response, answer: SitemapAnswer) {
    res.set({ 'Cache-Control': sitemapCacheControl, ETag: answer.etag, Vary: 'Accept-Encoding' });
    res.type('application/xml');
    if (req.fresh) return void res.status(304).end();
    // Gzipped once per change; the compression middleware leaves an encoded body alone.
    if (req.acceptsEncodings('gzip')) return void res.set('Content-Encoding', 'gzip').send(answer.gzip);
    res.send(await gunzip(answer.gzip));
  }

  router.get('/sitemap.xml', async (req, res, next) => {
    const answer = await service.index(origin(req));
    return answer ? send(req, res, answer) : next();
  });

  router.get(/^\/sitemap-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    const answer = await service.file(origin(req), Number(req.params[0]));
    return answer ? send(req, res, answer) : next();
  });

  return router;
}
