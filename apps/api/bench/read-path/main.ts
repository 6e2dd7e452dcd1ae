/**
 * `npm run bench`: the store's read path (and order placement) at two catalog sizes, against
 * the limit of a bare node:http process, judged against the targets in report.ts.
 *
 * Builds the store (`npx turbo run build`), then for each size: a fresh PostgreSQL database
 * (seed.ts), the built store on it (store-process.ts), each route loaded by autocannon in a
 * process of its own (load.ts), the same against the limit server (limit-process.ts), and the
 * tables with PASS/FAIL (report.ts). Whatever happens, Ctrl-C included, the processes are stopped
 * and the databases dropped (cleanup.ts). The exit code is 0 whatever FAILs: it is a report;
 * non-zero only if the bench itself broke.
 *
 *   npm run bench
 *   BENCH_SECONDS=1 BENCH_LARGE=10000 npm run bench      # quicker, while developing
 *   BENCH_WARMUP_SECONDS=2 BENCH_POSTGRES_URL=postgres://postgres@db:5432 npm run bench
 *   BENCH_ROUTES=part,order npm run bench               # some routes only (keys in routes.ts)
 *   BENCH_ROUTES=order-spread,order-lines,order-hot npm run bench   # the orders against the insert limit only
 *   BENCH_ROUTES=overview npm run bench                 # the owner's overview at 100 and 100,000 orders
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiRoot } from '../../src/lib/paths.js';
import { orderReport } from '../orders/report.js';
import { benchOrders } from '../orders/run.js';
import { cleanUpAll } from './cleanup.js';
import { cannedResponses, startLimitServer } from './limit-process.js';
import { measure } from './load.js';
import { LATENCY_FLOOR_MS, type RouteResult, report, type SizeResult } from './report.js';
import { benchRoutes, ORDER_ROUTE_KEYS, orderHeaders, READ_ROUTE_KEYS, type Route } from './routes.js';
import { createBenchDatabase } from './seed.js';
import { type BenchSettings, readSettings } from './settings.js';
import { STORE_LOG_LEVEL, startStore } from './store-process.js';

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the store and dropping the bench databases…`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

const count = (n: number) => n.toLocaleString('en-US');

async function postgresVersion(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

function build() {
  console.log('building: npx turbo run build');
  const built = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: path.resolve(apiRoot, '../..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`the build failed (exit code ${built.status})`);
}

async function describeRun(settings: BenchSettings) {
  const cpus = os.cpus();
  const [load1] = os.loadavg();
  console.log(
    [
      `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
        `load average ${load1?.toFixed(2)} at the start, ${os.type()} ${os.release()}`,
      `node ${process.version}, PostgreSQL ${await postgresVersion(settings.postgresUrl)} at ${settings.postgresUrl}`,
      `store: node apps/api/dist/server.js, NODE_ENV=production, LOG_LEVEL ${STORE_LOG_LEVEL}, ` +
        `Auth emulator started by the store, MAX_OPEN_ORDERS=${settings.maxOpenOrders}`,
      `load: autocannon in its own process, ${settings.connections} connections (orders ${settings.orderConnections}), ` +
        `${settings.warmupSeconds} s warm-up then ${settings.seconds} s per route and target`,
      `limit: a bare node:http process answering each route with the store's body for it, precomputed; ` +
        'measured per route with the same settings',
      `p50/p99: of the 2xx responses, from autocannon's per-response times; the scaling ratio counts ` +
        `p50s under ${LATENCY_FLOOR_MS} ms as ${LATENCY_FLOOR_MS} ms`,
      `orders: ${settings.customers} signed-in customers in turn, a fresh Idempotency-Key each, quantity 1 of ${settings.orderParts} parts in turn`,
    ].join('\n'),
  );
}

async function benchSize(settings: BenchSettings, size: number): Promise<SizeResult> {
  const jwtSecret = randomBytes(24).toString('hex');
  console.log(`\n${count(size)} parts: seeding…`);
  const database = await createBenchDatabase({
    serverUrl: settings.postgresUrl,
    size,
    customers: settings.customers,
    orderParts: settings.orderParts,
    jwtSecret,
  });
  console.log(
    `  database ${database.name}: ${count(size)} parts, ${count(database.reviews)} reviews, ` +
      `seeded in ${database.seedSeconds.toFixed(1)} s; starting the store…`,
  );
  const store = await startStore({
    databaseUrl: database.url,
    jwtSecret,
    maxOpenOrders: settings.maxOpenOrders,
  });
  const { routes: all } = await benchRoutes(store.base, {
    size,
    connections: settings.connections,
    orderConnections: settings.orderConnections,
    orderPartIds: database.orderPartIds,
    tokens: database.customerTokens,
    adminToken: database.adminToken,
    orders: database.orders,
  });
  const routes = settings.only ? all.filter((route) => settings.only?.includes(route.key)) : all;
  const headersFor = (route: Route): Record<string, string> =>
    route.order ? orderHeaders(database.customerTokens[0] ?? '', randomUUID()) : (route.headers ?? {});
  const limit = await startLimitServer(await cannedResponses(store.base, routes, headersFor));
  const results: RouteResult[] = [];
  for (const route of routes) {
    const job = { route, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds };
    const onStore = await measure({ ...job, base: store.base });
    // The limit answers one canned body per path: the route's first, every time.
    const { paths: _distinct, ...onePath } = route;
    const onLimit = await measure({ ...job, route: onePath, base: limit.base });
    console.log(
      `  ${route.label}: ${count(Math.round(onStore.rps))} req/s, p50 ${onStore.p50.toFixed(2)} ms ` +
        `(limit ${count(Math.round(onLimit.rps))} req/s)`,
    );
    results.push({ route, store: onStore, limit: onLimit });
  }
  await limit.stop();
  await store.stop();
  await database.drop();
  return { size, results };
}

async function main() {
  const settings = readSettings();
  build();
  await describeRun(settings);
  const chosen = (keys: readonly string[]) =>
    !settings.only || settings.only.some((key) => keys.includes(key));
  const sizes: SizeResult[] = [];
  if (chosen(READ_ROUTE_KEYS)) for (const size of settings.sizes) sizes.push(await benchSize(settings, size));
  const orders = chosen(ORDER_ROUTE_KEYS) ? await benchOrders(settings) : undefined;
  const sections: string[] = [];
  if (sizes.length > 0) sections.push(report(sizes).text);
  if (orders) {
    const table = orderReport(orders);
    sections.push(
      `### Orders on PostgreSQL against one durable INSERT … RETURNING per request\n\n${table.text}\n\n${table.pass} PASS, ${table.fail} FAIL`,
    );
  }
  // Other work on the machine weighs on every figure: the load average says how much there was.
  const [load1, load5] = os.loadavg();
  console.log(
    `\n${sections.join('\n\n')}\nload average at the end: ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min)`,
  );
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    console.error('\nthe bench broke:', error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  }
} finally {
  await cleanUpAll();
}
