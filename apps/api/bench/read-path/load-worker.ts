/**
 * The load generator, in a process of its own so that it never shares a core's event loop with
 * what it measures: autocannon against one route of one target, a warm-up run first (not
 * counted), then the measured run. Reads its job as JSON on stdin, prints the summary as one
 * JSON line (load.ts starts it).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { orderHeaders, type Route } from './routes.js';

export interface LoadJob {
  base: string;
  route: Route;
  seconds: number;
  warmupSeconds: number;
  /** The target's process: its CPU time over the measured run is reported per request. */
  cpuPid?: number;
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
  /**
   * The target process's CPU time (user + system, from /proc) over the measured run, divided by
   * the requests answered: what one request costs whatever else loads the machine.
   */
  cpuMsPerRequest?: number;
  /**
   * The PostgreSQL server's processes' CPU time per request (every process named `postgres`: the
   * backends, the WAL writer, the checkpointer), read the same way. What the database costs.
   */
  postgresCpuMsPerRequest?: number;
  /** The whole machine's busy CPU time per request (/proc/stat), and its busy share of all cores. */
  machineCpuMsPerRequest?: number;
  machineBusy?: number;
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

/** utime + stime of a process, in milliseconds (Linux's /proc; undefined elsewhere). */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Clock ticks are 1/100 s on Linux (USER_HZ).
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds of every live `postgres` process, by pid: a backend that ends during the run
 * takes its time with it, so the pools' connections (opened at the warm-up) are what is counted.
 */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone meanwhile
    }
    const ms = cpuMs(pid);
    if (ms !== undefined) byPid.set(pid, ms);
  }
  return byPid;
}

/** What the postgres processes used between two readings (a process new since counts from 0). */
function postgresUsed(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The machine's busy and total CPU time over all cores, in milliseconds (/proc/stat's `cpu` line). */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    // idle and iowait are the 4th and 5th fields.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return undefined;
  }
}

const job = JSON.parse(await readStdin()) as LoadJob;
if (job.warmupSeconds > 0) {
  await run(job, job.warmupSeconds);
  await settle(job);
}
const cpuBefore = cpuMs(job.cpuPid);
const postgresBefore = postgresCpu();
const machineBefore = machineCpu();
const { result, latencies } = await run(job, job.seconds);
const cpuAfter = cpuMs(job.cpuPid);
const postgresAfter = postgresCpu();
const machineAfter = machineCpu();
const answered = result.requests.total;
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
  ...(cpuBefore !== undefined &&
    cpuAfter !== undefined &&
    answered > 0 && { cpuMsPerRequest: (cpuAfter - cpuBefore) / answered }),
  ...(answered > 0 &&
    postgresAfter.size > 0 && {
      postgresCpuMsPerRequest: postgresUsed(postgresBefore, postgresAfter) / answered,
    }),
  ...(machineBefore &&
    machineAfter &&
    answered > 0 && {
      machineCpuMsPerRequest: (machineAfter.busy - machineBefore.busy) / answered,
      machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    }),
};
console.log(JSON.stringify(summary));
