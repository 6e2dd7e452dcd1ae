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

/** A row of the counts: `facet` -1 is the total. Numbers may arrive as text (numeric). */
interface FacetRow {
  facet: number | string;
  value: string | null;
  n: number | string;
  lo: string | number | null;
  hi: string | number | null;
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
      min !== undefined ? sql`${name} >= ${min}::numeric` : undefined,
      max !== undefined ? sql`${name} <= ${max}::numeric` : undefined,
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
     * Every facet's counts in one statement (decision 049): one scan of the parts the base filter
     * keeps (the category through its index), each facet's column kept once in a materialized
     * CTE; then, per facet, its values counted over the rows that pass every *other* facet's
     * selection, and the total over the rows that pass them all.
     */
    async counts(
      filter: CatalogFilter,
      specs: FacetSpec[],
    ): Promise<{ total: number; facets: FacetCounts[] }> {
      const columns = specs.map((spec, index) => columnOf(spec, filter, column(index)));
      const kept = columns.map((c, index) => sql`${c.value} as ${column(index)}`);
      const others = (except: number) =>
        and(...columns.map((c, index) => (index === except ? undefined : c.selected))) ?? sql`true`;
      const branches = columns.map((c, index) => {
        const name = column(index);
        return c.counted === 'values'
          ? sql`select ${index}, ${name}::text, count(*)::integer, null::numeric, null::numeric from base where ${name} is not null and ${others(index)} group by ${name}`
          : sql`select ${index}, null::text, count(*)::integer, min(${name})::numeric, max(${name})::numeric from base where ${others(index)}`;
      });
      const total = sql`select -1 as facet, null::text as value, count(*)::integer as n, null::numeric as lo, null::numeric as hi from base where ${others(-1)}`;
      const result = await db.execute(
        sql`with base as materialized (select ${sql.join([sql`1 as one`, ...kept], sql`, `)} from ${parts} where ${baseCondition(filter)})
            ${sql.join([total, ...branches], sql` union all `)}`,
      );
      const facets: FacetCounts[] = specs.map(() => ({ values: [] }));
      let count = 0;
      for (const row of (result as unknown as { rows: FacetRow[] }).rows) {
        const facet = Number(row.facet);
        if (facet === -1) {
          count = Number(row.n);
          continue;
        }
        const target = facets[facet];
        if (!target) continue;
        if (row.value !== null) target.values.push({ value: row.value, count: Number(row.n) });
        if (row.lo !== null) target.min = Number(row.lo);
        if (row.hi !== null) target.max = Number(row.hi);
      }
      return { total: count, facets };
    },
  };
}

export type FacetsRepo = ReturnType<typeof createFacetsRepo>;
