import type { AttributeDefinition } from '@store/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';
import type { CatalogFilter } from './catalog-filter.js';
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

/** How one facet is read from a part and chosen in a request. */
interface Column {
  /** The expression the scan groups or aggregates by (`c0`, `c1`, …). */
  value: SQL;
  counted: 'values' | 'bounds';
  /** A value facet's chosen values, as text; undefined: nothing chosen. */
  chosen?: Set<string>;
  /** A number facet's chosen range, as SQL on its kept column; undefined: nothing chosen. */
  range?: (name: SQL) => SQL | undefined;
}

/** The kept column's name: generated here, never taken from a request. */
const column = (index: number) => sql.raw(`c${index}`);
const alias = (prefix: string, index: number) => sql.raw(`${prefix}${index}`);

const rangeOn = (range: { min?: number; max?: number }, cast: SQL) => (name: SQL) =>
  and(
    range.min !== undefined ? sql`${name} >= ${range.min}${cast}` : undefined,
    range.max !== undefined ? sql`${name} <= ${range.max}${cast}` : undefined,
  );

function columnOf(spec: FacetSpec, filter: CatalogFilter): Column {
  switch (spec.kind) {
    case 'brand':
      return {
        value: sql`${parts.brand}`,
        counted: 'values',
        ...(filter.brands && { chosen: new Set(filter.brands) }),
      };
    case 'price':
      return {
        value: sql`${parts.priceCents}`,
        counted: 'bounds',
        ...(filter.priceCents && { range: rangeOn(filter.priceCents, sql`::integer`) }),
      };
    case 'attribute': {
      const { key, type } = spec.definition;
      const selection = filter.attributes?.find((candidate) => candidate.key === key);
      if (type === 'number') {
        return {
          value: numberOf(key),
          counted: 'bounds',
          ...(selection?.type === 'number' && { range: rangeOn(selection.range, sql`::float8`) }),
        };
      }
      return {
        value: textOf(key),
        counted: 'values',
        ...(selection &&
          selection.type !== 'number' && { chosen: new Set(selection.values.map((value) => String(value))) }),
      };
    }
  }
}

/** One group of the scan: the parts sharing every value facet's value and every range's verdict. */
type Group = Record<string, unknown>;

export function createFacetsRepo(db: Database) {
  return {
    /**
     * Every facet's counts from one statement (decision 049). The parts the base filter keeps (a
     * category through its index) are read once and grouped by the value of every value facet
     * (brand, text and yes/no attributes) and by whether each chosen range holds, with each
     * group's count and each number's bounds: a few hundred groups, rarely a few thousand, where
     * a category holds tens of thousands of parts. Each facet is then counted from the groups
     * that pass every *other* facet's selection, so its counts relax its own.
     */
    async counts(
      filter: CatalogFilter,
      specs: FacetSpec[],
    ): Promise<{ total: number; facets: FacetCounts[] }> {
      const columns = specs.map((spec) => columnOf(spec, filter));
      const kept = columns.map((c, index) => sql`${c.value} as ${column(index)}`);
      const keys: SQL[] = [];
      const measures: SQL[] = [sql`count(*)::integer as n`];
      columns.forEach((c, index) => {
        if (c.counted === 'values') keys.push(sql`${column(index)}::text as ${alias('v', index)}`);
        else {
          const held = c.range?.(column(index));
          if (held) keys.push(sql`(${held}) as ${alias('r', index)}`);
          measures.push(
            sql`min(${column(index)})::float8 as ${alias('lo', index)}`,
            sql`max(${column(index)})::float8 as ${alias('hi', index)}`,
          );
        }
      });
      const grouping =
        keys.length > 0
          ? sql` group by ${sql.join(
              keys.map((_, i) => sql.raw(String(i + 1))),
              sql`, `,
            )}`
          : sql``;
      const result = await db.execute(
        sql`select ${sql.join([...keys, ...measures], sql`, `)}
            from (select ${sql.join([sql`1 as one`, ...kept], sql`, `)} from ${parts} where ${baseCondition(filter)}) x${grouping}`,
      );
      const groups = (result as unknown as { rows: Group[] }).rows;

      /** Whether the group passes facet `index`'s own selection (true when it has none). */
      const passes = (group: Group, index: number): boolean => {
        const c = columns[index];
        if (!c) return true;
        if (c.counted === 'values') {
          if (!c.chosen) return true;
          const value = group[`v${index}`];
          return typeof value === 'string' && c.chosen.has(value);
        }
        return !c.range || group[`r${index}`] === true;
      };
      const passesOthers = (group: Group, except: number) =>
        columns.every((_, index) => index === except || passes(group, index));

      let total = 0;
      const facets: FacetCounts[] = columns.map((c, index) => {
        const counts = new Map<string, number>();
        let min: number | undefined;
        let max: number | undefined;
        for (const group of groups) {
          if (!passesOthers(group, index)) continue;
          const n = Number(group.n);
          if (c.counted === 'values') {
            const value = group[`v${index}`];
            if (typeof value === 'string' && n > 0) counts.set(value, (counts.get(value) ?? 0) + n);
            continue;
          }
          const lo = group[`lo${index}`];
          const hi = group[`hi${index}`];
          if (lo !== null && lo !== undefined) min = Math.min(min ?? Number(lo), Number(lo));
          if (hi !== null && hi !== undefined) max = Math.max(max ?? Number(hi), Number(hi));
        }
        return {
          values: [...counts].map(([value, count]) => ({ value, count })),
          ...(min !== undefined && { min }),
          ...(max !== undefined && { max }),
        };
      });
      for (const group of groups) if (passesOthers(group, -1)) total += Number(group.n);
      return { total, facets };
    },
  };
}

export type FacetsRepo = ReturnType<typeof createFacetsRepo>;
