import { type Request, Router } from 'express';
import type { SitemapService } from './service.js';

/**
 * /robots.txt and /sitemap.xml, before the SPA fallback (which would answer them with HTML).
 * URLs are absolute: from PUBLIC_URL when set, else from the request (protocol and host honour
 * TRUST_PROXY's forwarded headers).
 */
export function seoRoutes(
  service: SitemapService,
  { publicUrl }: { publicUrl?: string | undefined },
): Router {
  const origin = (req: Request) => publicUrl ?? `${req.protocol}://${req.host}`;
  const router = Router();

  router.get('/robots.txt', (req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(service.robots(origin(req)));
  });

  router.get('/sitemap.xml', async (req, res) => {
    // Revalidated each time (the ETag keeps it cheap): parts come and go.
    res.set('Cache-Control', 'no-cache');
    res.type('application/xml').send(await service.sitemap(origin(req)));
  });

  return router;
}
