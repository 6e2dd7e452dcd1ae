import { randomBytes } from 'node:crypto';
import { openPostgres } from '../../src/db/client.js';
import { measure } from '../read-path/load.js';
import type { Route } from '../read-path/routes.js';
import { createBenchDatabase } from '../read-path/seed.js';
import type { BenchSettings } from '../read-path/settings.js';
import { startStore } from '../read-path/store-process.js';
import { startInsertLimit } from './insert-limit-process.js';
import type { OrderBench, OrderResult } from './report.js';
import { orderRoutes, SPREAD_PARTS } from './routes.js';

const cpu = (ms: number | undefined) => ms?.toFixed(3) ?? '?';
const busy = (share: number | undefined) => (share === undefined ? '?' : `${Math.round(share * 100)}%`);

/** Listed parts in the orders' database: the catalog's size does not matter to placing orders. */
const CATALOG = 1_000;

/**
 * The order bench: a fresh database with SPREAD_PARTS parts of ample stock and the bench's
 * customers, the built store on it, and beside it the bare insert server on the same database
 * with a pool of the same size as the load's connections; each case measured in turn, the
 * limit once. Every process and the database are gone when it returns (or by the cleanup).
 */
export async function benchOrders(settings: BenchSettings): Promise<OrderBench> {
  const jwtSecret = randomBytes(24).toString('hex');
  const connections = settings.orderConnections;
  console.log(`\norders: seeding ${SPREAD_PARTS} parts and ${settings.customers} customers…`);
  const database = await createBenchDatabase({
    serverUrl: settings.postgresUrl,
    size: CATALOG,
    customers: settings.customers,
    orderParts: SPREAD_PARTS,
    jwtSecret,
  });
  const store = await startStore({
    databaseUrl: database.url,
    jwtSecret,
    maxOpenOrders: settings.maxOpenOrders,
  });
  const sql = openPostgres({ url: database.url });
  try {
    const wanted = (route: Route) => !settings.only || settings.only.includes(route.key);
    const routes = orderRoutes(database.orderPartIds, database.customerTokens, connections).filter(wanted);
    const job = { seconds: settings.seconds, warmupSeconds: settings.warmupSeconds };
    const results: OrderResult[] = [];
    for (const route of routes) {
      const onStore = await measure({ ...job, route, base: store.base, cpuPid: store.pid });
      console.log(
        `  ${route.label}: ${Math.round(onStore.rps)} orders/s, p99 ${onStore.p99.toFixed(2)} ms, ` +
          `${onStore.non2xx} non-2xx ${JSON.stringify(onStore.statuses)}, ` +
          `CPU ms/order: store ${cpu(onStore.cpuMsPerRequest)}, PostgreSQL ${cpu(onStore.postgresCpuMsPerRequest)}, ` +
          `machine ${cpu(onStore.machineCpuMsPerRequest)} (${busy(onStore.machineBusy)} busy)`,
      );
      results.push({ route, store: onStore });
    }
    await store.stop();
    const limitServer = await startInsertLimit(database.url, connections, (text) => sql.executeSql(text));
    const [first] = routes;
    if (!first) throw new Error('no order case chosen');
    const limit = await measure({ ...job, route: first, base: limitServer.base, cpuPid: limitServer.pid });
    console.log(
      `  limit: ${Math.round(limit.rps)} inserts/s, p99 ${limit.p99.toFixed(2)} ms, ` +
        `CPU ms/insert: server ${cpu(limit.cpuMsPerRequest)}, PostgreSQL ${cpu(limit.postgresCpuMsPerRequest)}, ` +
        `machine ${cpu(limit.machineCpuMsPerRequest)} (${busy(limit.machineBusy)} busy)`,
    );
    await limitServer.stop();
    return { limit, results };
  } finally {
    await sql.close();
    await store.stop();
    await database.drop();
  }
}
