/**
 * The load generator, in a process of its own so that it never shares a core's event loop with
 * what it measures: autocannon against one route of one target, a warm-up run first (not
 * counted), then the measured run. Reads its job as JSON on stdin, prints the summary as one
 * JSON line (load.ts starts it).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { orderHeaders, type Route } from './routes.js';

export interface LoadJob {
  base: string;
  route: Route;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadSummary {
  requests: number;
  /** Mean of the per-second request counts. */
  rps: number;
  /**
   * Milliseconds, of the 2xx responses (as autocannon counts them), from the time autocannon
   * measures for each response: its own summary rounds them to whole milliseconds.
   */
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: Float64Array, q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0) : 0;

function run(job: LoadJob, seconds: number): Promise<{ result: autocannon.Result; latencies: Float64Array }> {
  const { route } = job;
  const order = route.order;
  let next = 0;
  // Orders: the customers in turn, so no one reaches the open-order cap; a fresh key each.
  const request: autocannon.Request = order
    ? {
        method: 'POST',
        path: route.path,
        setupRequest: (req) => {
          const n = next++;
          return {
            ...req,
            headers: orderHeaders(order.tokens[n % order.tokens.length] ?? '', randomUUID()),
            body: order.bodies[n % order.bodies.length],
          };
        },
      }
    : route.paths
      ? {
          method: route.method,
          path: route.path,
          ...(route.headers && { headers: route.headers }),
          // Each request its own combination (routes.ts): no answer is kept for another.
          setupRequest: (req) => ({
            ...req,
            path: route.paths?.[next++ % (route.paths?.length ?? 1)] ?? route.path,
          }),
        }
      : { method: route.method, path: route.path, ...(route.headers && { headers: route.headers }) };
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.base,
        connections: route.connections,
        duration: seconds,
        requests: [request],
        // A response slower than this counts as an error (autocannon's default: 10 s).
        timeout: 10,
      },
      (error: Error | null, result) => {
        if (error) reject(error);
        else resolve({ result, latencies: Float64Array.from(latencies).sort() });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/**
 * One request of the route, waited for. After the warm-up: autocannon drops the connections
 * with requests still in flight, which the target goes on serving (50 orders queued on one
 * part's row take a while); one fresh request answered, queued behind them, means they are done
 * and do not weigh on the measured run.
 */
async function settle(job: LoadJob) {
  const { route } = job;
  const res = await fetch(`${job.base}${route.path}`, {
    method: route.method,
    ...(route.headers && { headers: route.headers }),
    ...(route.order && {
      headers: orderHeaders(route.order.tokens[0] ?? '', randomUUID()),
      body: route.order.bodies[0],
    }),
  });
  await res.arrayBuffer();
}

const job = JSON.parse(await readStdin()) as LoadJob;
if (job.warmupSeconds > 0) {
  await run(job, job.warmupSeconds);
  await settle(job);
}
const { result, latencies } = await run(job, job.seconds);
const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count ?? 0]),
);
const summary: LoadSummary = {
  requests: result.requests.total,
  rps: result.requests.average,
  p50: percentile(latencies, 0.5),
  p99: percentile(latencies, 0.99),
  errors: result.errors,
  non2xx: result.non2xx,
  statuses,
};
console.log(JSON.stringify(summary));
