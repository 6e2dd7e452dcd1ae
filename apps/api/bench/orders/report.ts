import type { LoadSummary } from '../read-path/load-worker.js';
import { ms, table, trouble, verdict, whole } from '../read-path/report.js';
import type { Route, RouteKey } from '../read-path/routes.js';

export interface OrderResult {
  route: Route;
  store: LoadSummary;
}

export interface OrderBench {
  /** The bare insert server, measured with the same connections. */
  limit: LoadSummary;
  results: OrderResult[];
}

/** The targets: orders per second over the limit's inserts per second, at least. */
export const ORDER_RATIO_TARGETS: Partial<Record<RouteKey, number>> = {
  'order-spread': 0.3,
  'order-lines': 0.2,
  'order-hot': 0.2,
};

/**
 * The orders table: each case's rate, p99 and non-2xx answers beside the limit's, its ratio and
 * verdict. Any error or non-2xx answer fails a case whatever its speed (the target is zero).
 */
export function orderReport(bench: OrderBench): { text: string; pass: number; fail: number } {
  let pass = 0;
  let fail = 0;
  const { limit } = bench;
  const header = [
    'case',
    'conns',
    'orders/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'limit inserts/s',
    'limit p99 ms',
    'ratio',
    'target',
    'result',
  ];
  const rows = bench.results.map(({ route, store }) => {
    const ratio = limit.rps > 0 ? store.rps / limit.rps : 0;
    const target = ORDER_RATIO_TARGETS[route.key] ?? 0;
    const problem = trouble(store);
    const ok = ratio >= target && !problem;
    if (ok) pass += 1;
    else fail += 1;
    return [
      route.label,
      String(route.connections),
      whole(store.rps),
      ms(store.p50),
      ms(store.p99),
      String(store.errors),
      String(store.non2xx),
      whole(limit.rps),
      ms(limit.p99),
      ratio.toFixed(3),
      `ratio ≥ ${target}`,
      `${verdict(ok)}${problem ? ` (${problem})` : ''}`,
    ];
  });
  const text = table(header, rows);
  return { text, pass, fail };
}
