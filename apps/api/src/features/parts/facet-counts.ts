import type { Range } from '@store/shared';
import type { CatalogFilter } from './catalog-filter.js';
import type { FacetRow, FacetSpec } from './facets-repo.js';

/** A facet's counts: values with their counts (brand, enum, boolean) or a number's bounds. */
export interface FacetCounts {
  values: { value: string; count: number }[];
  min?: number;
  max?: number;
}

/** Whether a part's value passes one facet's selection; a facet without one passes all. */
type Test = (value: string | number | null) => boolean;

const inRange = (range: Range) => (value: string | number | null) =>
  typeof value === 'number' &&
  (range.min === undefined || value >= range.min) &&
  (range.max === undefined || value <= range.max);

function testOf(spec: FacetSpec, filter: CatalogFilter): Test | undefined {
  if (spec.kind === 'brand') {
    const chosen = filter.brands && new Set(filter.brands);
    return chosen && ((value) => typeof value === 'string' && chosen.has(value));
  }
  if (spec.kind === 'price') return filter.priceCents && inRange(filter.priceCents);
  const selection = filter.attributes?.find((candidate) => candidate.key === spec.definition.key);
  if (!selection) return undefined;
  if (selection.type === 'number') return inRange(selection.range);
  const chosen = new Set(selection.values.map(String));
  return (value) => typeof value === 'string' && chosen.has(value);
}

/**
 * Every facet's counts from the grouped parts of the base (decision 049): each facet from the
 * rows that pass every *other* facet's selection (OR within a facet, so a second brand's count is
 * what it would add; a number's bounds ignore its own range), the total from the rows that pass
 * them all. Linear in rows × facets.
 */
export function countFacets(
  specs: FacetSpec[],
  filter: CatalogFilter,
  rows: readonly FacetRow[],
): { total: number; facets: FacetCounts[] } {
  const tests = specs.map((spec) => testOf(spec, filter));
  const chosen = tests.flatMap((test, index) => (test ? [{ test, index }] : []));
  const counts = specs.map(() => new Map<string, number>());
  const bounds = specs.map((): { min?: number; max?: number } => ({}));
  let total = 0;
  for (const row of rows) {
    // How many selections the row fails, and which when it fails exactly one: such a row counts
    // for that facet only; a row that fails none counts for all; one that fails two, for none.
    let failed = -1;
    let failures = 0;
    for (const { test, index } of chosen) {
      if (!test(row.values[index] ?? null)) {
        failures += 1;
        failed = index;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    if (failures === 0) total += row.count;
    const from = failures === 1 ? failed : 0;
    const to = failures === 1 ? failed + 1 : row.values.length;
    for (let index = from; index < to; index += 1) {
      const value = row.values[index];
      // Numbers (price, number attributes) have bounds; the rest values with counts.
      if (typeof value === 'number') {
        const bound = bounds[index];
        if (!bound) continue;
        if (bound.min === undefined || value < bound.min) bound.min = value;
        if (bound.max === undefined || value > bound.max) bound.max = value;
      } else if (typeof value === 'string') {
        const facet = counts[index];
        facet?.set(value, (facet.get(value) ?? 0) + row.count);
      }
    }
  }
  return {
    total,
    facets: specs.map((_, index) => ({
      values: [...(counts[index] ?? [])].map(([value, count]) => ({ value, count })),
      ...bounds[index],
    })),
  };
}
