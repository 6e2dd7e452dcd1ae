/**
 * Throughput of GET /api/parts?sort=newest&limit=3 through the whole app (helmet, compression,
 * validation, service, repository) against a bare node:http handler running the same query,
 * in one run on one machine. The ratio is what matters; absolute numbers vary by machine.
 *
 *   npm run bench                      # embedded PGlite in memory
 *   DATABASE_URL=postgres://… npm run bench
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app.js';
import { createTokenService } from '../src/auth/tokens.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { seedDemoCatalog } from '../src/db/seed.js';
import { toPartDto } from '../src/features/parts/dto.js';
import { createPartsRepo } from '../src/features/parts/repo.js';
import { createLogger } from '../src/lib/logger.js';

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PATH = process.env.BENCH_PATH ?? '/api/parts?sort=newest&limit=3';
/** Generated parts added to the demo catalog (a large catalog: BENCH_PARTS=100000). */
const EXTRA_PARTS = Number(process.env.BENCH_PARTS ?? 0);

const database = process.env.DATABASE_URL
  ? openPostgres({ url: process.env.DATABASE_URL })
  : await openPglite();
await database.migrate();
await seedDemoCatalog(database.db);
if (EXTRA_PARTS > 0) {
  await database.executeSql(`
    insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, created_at)
    select 'Bench part ' || g, '/media/parts/test.svg', 100 + g % 50000, 1, 100, 'Generated for the bench.',
      now() - g * interval '1 second'
    from generate_series(1, ${EXTRA_PARTS}) g`);
  await database.executeSql('vacuum analyze parts');
}

const app = createApp({
  database,
  logger: createLogger('silent'),
  // The benchmarked route is public: the identity provider is never asked.
  identity: {
    verifyIdToken: () => Promise.reject(new Error('unused')),
    deleteUserByEmail: () => Promise.resolve(),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  },
  tokens: createTokenService('bench-secret-bench-secret-bench-secret'),
  config: {
    corsOrigins: [],
    trustProxy: 0,
    adminEmails: [],
    authRateLimit: 60,
    paymentInstructions: '',
    maxOpenOrders: 10,
    seller: { name: 'Bench Parts', address: '1 Bench Road', taxId: 'BENCH-1' },
    uploadsDir: '/nonexistent',
    outboxDir: '/nonexistent',
    imageHostOrigins: [],
    identitySettings: { mode: 'emulator', projectId: 'demo-bench' },
  },
});
const repo = createPartsRepo(database.db);
const bare = createServer(async (_req, res) => {
  const [{ items }, { total }] = await Promise.all([
    repo.list({ offset: 0, limit: 3, order: 'newest' }),
    repo.total({}, 1000),
  ]);
  res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(total) });
  res.end(JSON.stringify(items.map((row) => toPartDto(row, 50))));
});

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

async function measure(base: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(base + PATH).catch(() => undefined);
        if (!res?.ok) errors += 1;
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? 0;
  return { rps: latencies.length / (DURATION_MS / 1000), p50: at(0.5), p99: at(0.99), errors };
}

const appServer = app.listen(0, '127.0.0.1');
await new Promise((r) => appServer.once('listening', r));
const appBase = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
const bareBase = await listen(bare);

await measure(appBase); // warm-up
const baseline = await measure(bareBase);
const ours = await measure(appBase);

const row = (name: string, r: typeof ours) =>
  `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}`;
console.log(`${database.kind}, ${CONCURRENCY} concurrent, ${DURATION_MS} ms each, GET ${PATH}`);
console.log(row('bare node:http', baseline));
console.log(row('store app', ours));
console.log(`ratio (store / bare): ${(ours.rps / baseline.rps).toFixed(2)}`);

appServer.close();
bare.close();
await database.close();
