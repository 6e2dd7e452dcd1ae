/**
 * The sitemap at a large catalog: time and size of /sitemap.xml (and the files an index names),
 * cold and warm, and what requests with ever-new Host headers (no PUBLIC_URL) cost the rest of
 * the process (the latency of a trivial route meanwhile). In-process, on a fresh in-memory
 * embedded database, with the same compression middleware as the store.
 *
 *   PARTS=60000 npx tsx bench/sitemap.bench.ts      (from apps/api)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { openPglite } from '../src/db/client.js';
import { createSitemapRepo } from '../src/features/seo/repo.js';
import { seoRoutes } from '../src/features/seo/routes.js';
import { createSitemapService } from '../src/features/seo/service.js';

const PARTS = Number(process.env.PARTS ?? 60_000);
/** Requests with a new Host each, and how many run at once. */
const RANDOM_HOSTS = 24;
const PARALLEL = 4;

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  wire: Buffer;
  /** From sending the request to the last byte (the parsing below is not counted). */
  ms: number;
}

function get(port: number, path: string, host: string): Promise<Got> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { Host: host, 'Accept-Encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            wire: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`timed out: ${path}`)));
    req.on('error', reject);
  });
}

const text = (got: Got) =>
  (got.headers['content-encoding'] === 'gzip' ? gunzipSync(got.wire) : got.wire).toString('utf8');
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

/**
 * The whole sitemap for one Host: the index (or the single file) and every file it names, one
 * after the other. `count`: unzip and count the URLs (this process's own time, which would
 * otherwise slow the server it shares the thread with).
 */
async function wholeSitemap(port: number, host: string, count = false) {
  const first = await get(port, '/sitemap.xml', host);
  let ms = first.ms;
  let wire = first.wire.length;
  const body = text(first);
  let plain = body.length;
  let urls = 0;
  const files = body.includes('<sitemapindex') ? locs(body).map((loc) => new URL(loc).pathname) : [];
  if (files.length === 0) urls = locs(body).length;
  for (const file of files) {
    const got = await get(port, file, host);
    ms += got.ms;
    wire += got.wire.length;
    if (!count) continue;
    const xml = text(got);
    plain += xml.length;
    urls += locs(xml).length;
  }
  return { ms, wire, plain, urls, files: files.length || 1 };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

async function main() {
  const database = await openPglite();
  await database.migrate();
  const seeded = performance.now();
  await database.executeSql(
    `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
     select 'Bench part ' || g, '/media/parts/test.svg', 1000, 1, 10, 'A part of the sitemap bench.'
     from generate_series(1, ${PARTS}) as g`,
  );
  console.log(`seeded ${PARTS} parts in ${Math.round(performance.now() - seeded)} ms`);

  const app = express();
  app.use(compression({ threshold: '4kb' }));
  app.get('/ping', (_req, res) => void res.send('ok'));
  app.use(seoRoutes(createSitemapService(createSitemapRepo(database.db)), {}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  try {
    const cold = await wholeSitemap(port, 'store.test', true);
    const warm = [];
    for (let i = 0; i < 5; i += 1) warm.push((await wholeSitemap(port, 'store.test')).ms);
    console.log(
      `cold: ${Math.round(cold.ms)} ms, ${cold.files} file(s), ${cold.urls} URLs, ` +
        `${(cold.wire / 1e6).toFixed(2)} MB on the wire (${(cold.plain / 1e6).toFixed(2)} MB of XML)`,
    );
    console.log(`warm (same Host): median ${Math.round(percentile(warm, 50))} ms for the whole sitemap`);

    // New Hosts, a few at a time, while a trivial route is timed every 20 ms.
    const pings: number[] = [];
    let hosting = true;
    const pinging = (async () => {
      while (hosting) {
        const t = performance.now();
        await get(port, '/ping', 'store.test');
        pings.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < RANDOM_HOSTS) {
          next += 1;
          await wholeSitemap(port, `host-${next}.test`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    hosting = false;
    await pinging;
    console.log(
      `new Host each (${PARALLEL} at once): ${(RANDOM_HOSTS / seconds).toFixed(1)} whole sitemaps/s; ` +
        `a trivial route meanwhile: p50 ${Math.round(percentile(pings, 50))} ms, p95 ${Math.round(percentile(pings, 95))} ms`,
    );
  } finally {
    server.close();
    await database.close();
  }
}

await main();
