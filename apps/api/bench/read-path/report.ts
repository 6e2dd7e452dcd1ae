import type { LoadSummary } from './load-worker.js';
import type { Route, RouteKey } from './routes.js';

export interface RouteResult {
  route: Route;
  store: LoadSummary;
  limit: LoadSummary;
}

export interface SizeResult {
  size: number;
  results: RouteResult[];
}

/** The targets: store req/s over the limit's, for the routes that have one. */
const RATIO_TARGETS: Partial<Record<RouteKey, number>> = { home: 0.3, part: 0.3, reviews: 0.3, catalog: 0.2 };
/**
 * Facets, filtered first pages and searches, each distinct (no read-cache hits), at most these
 * milliseconds at any size. Their scaling is this bound, not the ratio below.
 */
const LATENCY_TARGETS: Partial<Record<RouteKey, { p50: number; p99: number }>> = {
  facets: { p50: 50, p99: 150 },
  filtered: { p50: 50, p99: 150 },
  searches: { p50: 50, p99: 150 },
};
/** p50 at the large size over p50 at the small, at most. */
const SCALING_TARGET = 1.5;
/**
 * Latencies under this count as this in the scaling ratio: below a millisecond the ratio of two
 * p50s is noise (0.3 ms against 0.5 ms is not a slowdown anyone sees).
 */
export const LATENCY_FLOOR_MS = 1;
/** The owner's overview: its p50 at most this, at either size. */
const OVERVIEW_P50_MS = 50;
/** Order placement p99 over part by id's p99, at most. */
const ORDER_P99_TARGET = 10;

export const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
export const whole = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => n.toFixed(2);
/** Why a run fails whatever its speed: errors, non-2xx answers, or no answer at all in the time given. */
export function trouble(s: LoadSummary): string | undefined {
  if (s.errors > 0 || s.non2xx > 0) return 'errors';
  if (s.requests === 0) return 'no answers';
  return undefined;
}

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface Verdicts {
  pass: number;
  fail: number;
}

function sizeTable(size: SizeResult, tally: Verdicts): string {
  const part = size.results.find((r) => r.route.key === 'part');
  const rows = size.results.map(({ route, store, limit }) => {
    const ratio = store.rps / limit.rps;
    let target = '—';
    let pass: boolean | undefined;
    const ratioTarget = RATIO_TARGETS[route.key];
    const latency = LATENCY_TARGETS[route.key];
    if (latency) {
      target = `p50 ≤ ${latency.p50} ms, p99 ≤ ${latency.p99} ms`;
      pass = store.p50 <= latency.p50 && store.p99 <= latency.p99;
    } else if (ratioTarget !== undefined) {
      target = `ratio ≥ ${ratioTarget}`;
      pass = ratio >= ratioTarget;
    } else if (route.key === 'overview') {
      target = `p50 ≤ ${OVERVIEW_P50_MS} ms`;
      pass = store.p50 <= OVERVIEW_P50_MS;
    } else if (route.key === 'order' && part) {
      const bound = ORDER_P99_TARGET * part.store.p99;
      target = `p99 ≤ ${ORDER_P99_TARGET}× part by id's = ${ms(bound)} ms`;
      pass = store.p99 <= bound;
    }
    const problem = trouble(store);
    if (problem) pass = false;
    if (pass !== undefined) tally[pass ? 'pass' : 'fail'] += 1;
    const result = pass === undefined ? '—' : `${verdict(pass)}${problem ? ` (${problem})` : ''}`;
    return [
      route.label,
      String(route.connections),
      whole(store.rps),
      ms(store.p50),
      ms(store.p99),
      String(store.errors),
      String(store.non2xx),
      whole(limit.rps),
      ratio.toFixed(3),
      target,
      result,
    ];
  });
  return table(
    [
      'route',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'limit req/s',
      'ratio to limit',
      'target',
      'result',
    ],
    rows,
  );
}

function scalingTable(small: SizeResult, large: SizeResult, tally: Verdicts): string {
  const rows = small.results.flatMap(({ route, store }) => {
    if (LATENCY_TARGETS[route.key]) return [];
    const big = large.results.find((r) => r.route.key === route.key);
    if (!big) return [[route.label, ms(store.p50), 'missing', '—', 'FAIL']];
    const ratio = Math.max(big.store.p50, LATENCY_FLOOR_MS) / Math.max(store.p50, LATENCY_FLOOR_MS);
    const problem = trouble(store) ?? trouble(big.store);
    const pass = ratio <= SCALING_TARGET && !problem;
    tally[pass ? 'pass' : 'fail'] += 1;
    return [
      [
        route.key === 'deep' ? 'catalog page in the middle' : route.label,
        ms(store.p50),
        ms(big.store.p50),
        ratio.toFixed(3),
        `${verdict(pass)}${problem ? ` (${problem})` : ''}`,
      ],
    ];
  });
  return table(
    [
      'route',
      `p50 ms @${whole(small.size)}`,
      `p50 ms @${whole(large.size)}`,
      `ratio (floor ${LATENCY_FLOOR_MS} ms), target ≤ ${SCALING_TARGET}`,
      'result',
    ],
    rows,
  );
}

export function report(sizes: SizeResult[]): { text: string; tally: Verdicts } {
  const tally: Verdicts = { pass: 0, fail: 0 };
  const parts = sizes.map((size) => `### ${whole(size.size)} parts\n\n${sizeTable(size, tally)}`);
  const [small, large] = sizes;
  // Routes with a latency target have no scaling row: nothing to show when only they ran.
  if (small && large && small.results.some(({ route }) => !LATENCY_TARGETS[route.key])) {
    parts.push(
      `### p50 at ${whole(large.size)} parts over p50 at ${whole(small.size)}\n\n${scalingTable(small, large, tally)}`,
    );
  }
  parts.push(`${tally.pass} PASS, ${tally.fail} FAIL`);
  return { text: parts.join('\n\n'), tally };
}
