import { describe, expect, it } from 'vitest';
import { orderReport } from '../../bench/orders/report.js';
import type { LoadSummary } from '../../bench/read-path/load-worker.js';
import { report, type SizeResult } from '../../bench/read-path/report.js';
import type { Route, RouteKey } from '../../bench/read-path/routes.js';

/** The verdicts of `npm run bench` against its targets, on made-up measurements. */
const summary = (over: Partial<LoadSummary> = {}): LoadSummary => ({
  requests: 1000,
  rps: 1000,
  p50: 5,
  p99: 10,
  errors: 0,
  non2xx: 0,
  statuses: { 200: 1000 },
  ...over,
});
const route = (key: RouteKey): Route => ({
  key,
  label: key,
  method: 'GET',
  path: `/${key}`,
  connections: 16,
});
const size = (n: number, rows: [RouteKey, Partial<LoadSummary>, Partial<LoadSummary>?][]): SizeResult => ({
  size: n,
  results: rows.map(([key, store, limit]) => ({
    route: route(key),
    store: summary(store),
    limit: summary(limit),
  })),
});
/** The result cell of `label`'s row in the table under `heading`. */
function verdict(text: string, heading: string, label: string): string | undefined {
  const section = text.split('### ').find((part) => part.startsWith(heading)) ?? '';
  const row = section.split('\n').find((line) => line.startsWith(`| ${label} |`));
  return row?.split('|').at(-2)?.trim();
}

describe('the bench report', () => {
  it('holds each route to its share of the limit', () => {
    const small = size(100, [
      ['home', { rps: 300 }],
      ['catalog', { rps: 199 }],
      ['part', { rps: 299 }],
      ['reviews', { rps: 300 }],
      ['search', { rps: 1 }],
    ]);
    const { text } = report([small, small]);
    expect(verdict(text, '100 parts', 'home')).toBe('PASS');
    expect(verdict(text, '100 parts', 'catalog')).toBe('FAIL');
    expect(verdict(text, '100 parts', 'part')).toBe('FAIL');
    expect(verdict(text, '100 parts', 'reviews')).toBe('PASS');
    expect(verdict(text, '100 parts', 'search')).toBe('—'); // no target of its own
  });

  it('fails a route with errors, non-2xx answers or no answer, whatever its speed', () => {
    const small = size(100, [
      ['home', { errors: 3 }],
      ['search', { non2xx: 1 }],
      ['index', { requests: 0 }],
    ]);
    const { text } = report([small, small]);
    expect(verdict(text, '100 parts', 'home')).toBe('FAIL (errors)');
    expect(verdict(text, '100 parts', 'search')).toBe('FAIL (errors)');
    expect(verdict(text, '100 parts', 'index')).toBe('FAIL (no answers)');
    expect(verdict(text, 'p50 at', 'home')).toBe('FAIL (errors)');
  });

  it('compares p50s across sizes with a floor of 1 ms', () => {
    const small = size(100, [
      ['home', { p50: 0.3 }],
      ['catalog', { p50: 1 }],
      ['reviews', { p50: 10 }],
    ]);
    const large = size(100_000, [
      ['home', { p50: 0.9 }],
      ['catalog', { p50: 1.6 }],
      ['reviews', { p50: 15 }],
    ]);
    const { text } = report([small, large]);
    expect(verdict(text, 'p50 at', 'home')).toBe('PASS'); // both under the floor
    expect(verdict(text, 'p50 at', 'catalog')).toBe('FAIL');
    expect(verdict(text, 'p50 at', 'reviews')).toBe('PASS'); // exactly 1.5×
  });

  it("holds order placement's p99 to 10× part by id's", () => {
    const pass = size(100, [
      ['part', { p99: 4 }],
      ['order', { p99: 40 }],
    ]);
    const fail = size(100_000, [
      ['part', { p99: 4 }],
      ['order', { p99: 40.5 }],
    ]);
    const { text, tally } = report([pass, fail]);
    expect(verdict(text, '100 parts', 'order')).toBe('PASS');
    expect(verdict(text, '100,000 parts', 'order')).toBe('FAIL');
    expect(tally.fail).toBeGreaterThan(0);
  });

  it('holds each order case to its share of the insert limit, and fails any non-2xx answer', () => {
    const limit = summary({ rps: 6000 });
    const { text, pass, fail } = orderReport({
      limit,
      results: [
        { route: route('order-spread'), store: summary({ rps: 1800 }) }, // 0.3: PASS
        { route: route('order-lines'), store: summary({ rps: 1100 }) }, // 0.183: FAIL
        { route: route('order-hot'), store: summary({ rps: 3000, non2xx: 1 }) }, // fast, but one 409
      ],
    });
    const cell = (label: string) =>
      text
        .split('\n')
        .find((row) => row.startsWith(`| ${label} |`))
        ?.split('|')
        .at(-2)
        ?.trim();
    expect(cell('order-spread')).toBe('PASS');
    expect(cell('order-lines')).toBe('FAIL');
    expect(cell('order-hot')).toBe('FAIL (errors)');
    expect({ pass, fail }).toEqual({ pass: 1, fail: 2 });
  });
});
