import type { AttributeDefinition } from '@store/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';
import type { AttributeSelection, CatalogFilter } from './catalog-filter.js';
import { baseCondition, numberOf, textOf } from './filters-repo.js';

/** One facet of the counts: brand, price, or an attribute of the category. */
export type FacetSpec =
  | { kind: 'brand' }
  | { kind: 'price' }
  | { kind: 'attribute'; definition: AttributeDefinition };

/** A facet's counts: values with their counts (brand, enum, boolean) or a number's bounds. */
export interface FacetCounts {
  values: { value: string; count: number }[];
  min?: number;
  max?: number;
}

interface Column {
  /** The expression the scan keeps for this facet (`c0`, `c1`, …). */
  value: SQL;
  /** This facet's own selection, on the kept column; none when nothing is chosen. */
  selected: SQL | undefined;
  counted: 'values' | 'bounds';
}

/** The kept column's name: generated here, never taken from a request. */
const column = (index: number) => sql.raw(`c${index}`);

function selectionOn(name: SQL, selection: AttributeSelection | undefined): SQL | undefined {
  if (!selection) return undefined;
  if (selection.type === 'number') {
    const { min, max } = selection.range;
    return and(
      min !== undefined ? sql`${name} >= ${min}::float8` : undefined,
      max !== undefined ? sql`${name} <= ${max}::float8` : undefined,
    );
  }
  const values = selection.values.map((value) => sql`${String(value)}::text`);
  return sql`${name} in (${sql.join(values, sql`, `)})`;
}

function columnOf(spec: FacetSpec, filter: CatalogFilter, name: SQL): Column {
  switch (spec.kind) {
    case 'brand': {
      const values = (filter.brands ?? []).map((brand) => sql`${brand}::text`);
      return {
        value: sql`${parts.brand}`,
        selected: values.length > 0 ? sql`${name} in (${sql.join(values, sql`, `)})` : undefined,
        counted: 'values',
      };
    }
    case 'price': {
      const range = filter.priceCents;
      return {
        value: sql`${parts.priceCents}`,
        selected:
          range &&
          and(
            range.min !== undefined ? sql`${name} >= ${range.min}::integer` : undefined,
            range.max !== undefined ? sql`${name} <= ${range.max}::integer` : undefined,
          ),
        counted: 'bounds',
      };
    }
    case 'attribute': {
      const { key, type } = spec.definition;
      const selection = filter.attributes?.find((candidate) => candidate.key === key);
      return {
        value: type === 'number' ? numberOf(key) : textOf(key),
        selected: selectionOn(name, selection),
        counted: type === 'number' ? 'bounds' : 'values',
      };
    }
  }
}

export function createFacetsRepo(db: Database) {
  return {
    /**
     * Every facet's counts in one statement and one pass (decision 049): the parts the base
     * filter keeps (a category through its index) are read once, each facet's value taken from
     * them once; `GROUPING SETS` then counts each value facet's values, and one more set takes
     * the total and every number's bounds. Each aggregate counts only the rows that pass every
     * *other* facet's selection (a FILTER on the flags of the selections), so a facet's counts
     * relax its own.
     */
    async counts(
      filter: CatalogFilter,
      specs: FacetSpec[],
    ): Promise<{ total: number; facets: FacetCounts[] }> {
      const columns = specs.map((spec, index) => columnOf(spec, filter, column(index)));
      const flag = (index: number) => sql.raw(`m${index}`);
      const selectedIndexes = columns.flatMap((c, index) => (c.selected ? [index] : []));
      const kept = [...columns.map((c, index) => sql`${c.value} as ${column(index)}`)];
      // Each selection once, as a flag the aggregates' filters combine.
      const flagged = [
        sql`x.*`,
        ...selectedIndexes.map((index) => sql`${columns[index]?.selected} as ${flag(index)}`),
      ];
      const passing = (except: number) => {
        const flags = selectedIndexes.filter((index) => index !== except).map(flag);
        return flags.length > 0 ? sql` filter (where ${sql.join(flags, sql` and `)})` : sql``;
      };
      const valueFacets = columns.flatMap((c, index) => (c.counted === 'values' ? [index] : []));
      const aggregates = [
        sql`count(*)${passing(-1)} as total`,
        ...columns.map((c, index) =>
          c.counted === 'values'
            ? sql`count(*)${passing(index)} as ${sql.raw(`n${index}`)}`
            : sql`min(${column(index)})${passing(index)} as ${sql.raw(`lo${index}`)}, max(${column(index)})${passing(index)} as ${sql.raw(`hi${index}`)}`,
        ),
      ];
      const sets = [...valueFacets.map((index) => sql`(${column(index)})`), sql`()`];
      const groupings =
        valueFacets.length > 0 ? sql`grouping(${sql.join(valueFacets.map(column), sql`, `)})` : sql`0`;
      const result = await db.execute(
        sql`select ${groupings} as grouped, ${sql.join(
          [
            ...valueFacets.map((index) => sql`${column(index)}::text as ${sql.raw(`v${index}`)}`),
            ...aggregates,
          ],
          sql`, `,
        )}
            from (select ${sql.join(flagged, sql`, `)}
                  from (select ${sql.join(kept, sql`, `)} from ${parts} where ${baseCondition(filter)}) x) y
            group by grouping sets (${sql.join(sets, sql`, `)})`,
      );
      const facets: FacetCounts[] = specs.map(() => ({ values: [] }));
      let total = 0;
      // `grouped` has a bit per value facet, set for those not grouped in the row's set (the
      // first facet is the highest bit): all set is the total's row.
      const all = (1 << valueFacets.length) - 1;
      for (const row of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
        const grouped = Number(row.grouped);
        if (grouped === all) {
          total = Number(row.total);
          columns.forEach((c, index) => {
            if (c.counted !== 'bounds') return;
            const target = facets[index];
            const lo = row[`lo${index}`];
            const hi = row[`hi${index}`];
            if (target && lo !== null && lo !== undefined) target.min = Number(lo);
            if (target && hi !== null && hi !== undefined) target.max = Number(hi);
          });
          continue;
        }
        valueFacets.forEach((index, position) => {
          const bit = 1 << (valueFacets.length - 1 - position);
          if (grouped & bit) return;
          const value = row[`v${index}`];
          const count = Number(row[`n${index}`]);
          if (typeof value === 'string' && count > 0) facets[index]?.values.push({ value, count });
        });
      }
      return { total, facets };
    },
  };
}

export type FacetsRepo = ReturnType<typeof createFacetsRepo>;
