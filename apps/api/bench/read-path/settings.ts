import { z } from 'zod';
import { ROUTE_KEYS, type RouteKey } from './routes.js';

/** What `npm run bench` measures, from the environment (defaults: the standard run). */
export interface BenchSettings {
  /** Measured seconds per route and target. */
  seconds: number;
  /** Unmeasured seconds of the same load before each measurement. */
  warmupSeconds: number;
  /** Concurrent connections for the read routes. */
  connections: number;
  /** Concurrent connections for order placement. */
  orderConnections: number;
  /** Catalog sizes, small then large: the scaling check compares the two. */
  sizes: [number, number];
  /** The PostgreSQL server the bench makes its databases on (the user must be allowed to CREATE DATABASE). */
  postgresUrl: string;
  /** Signed-in customers the orders are spread over (each may hold MAX_OPEN_ORDERS unpaid ones). */
  customers: number;
  /** Parts the orders are spread over: customers buy different parts, not all the same one. */
  orderParts: number;
  /** The store's open-order cap for the bench (its setting's highest value). */
  maxOpenOrders: number;
  /** Only these routes (BENCH_ROUTES=part,order), while working on one; unset: all of them. */
  only?: RouteKey[] | undefined;
}

const count = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

const envSchema = z.object({
  BENCH_SECONDS: count(5),
  BENCH_WARMUP_SECONDS: count(1, 0),
  BENCH_SMALL: count(100, 40),
  BENCH_LARGE: count(100_000, 40),
  BENCH_POSTGRES_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432'),
  BENCH_ROUTES: z
    .string()
    .transform((list) => list.split(',').map((key) => key.trim()))
    .pipe(z.array(z.enum(ROUTE_KEYS)).min(1))
    .optional(),
});

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new Error(`Invalid bench setting(s):\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    seconds: e.BENCH_SECONDS,
    warmupSeconds: e.BENCH_WARMUP_SECONDS,
    connections: 16,
    orderConnections: 50,
    sizes: [e.BENCH_SMALL, e.BENCH_LARGE],
    postgresUrl: e.BENCH_POSTGRES_URL.replace(/\/+$/, ''),
    customers: 200,
    orderParts: 20,
    maxOpenOrders: 1000,
    only: e.BENCH_ROUTES,
  };
}
