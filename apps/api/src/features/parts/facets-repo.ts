import type { AttributeDefinition } from '@store/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { parts } from '../../db/schema.js';
import type { CatalogFilter } from './catalog-filter.js';
import { baseCondition } from './filters-repo.js';

/** One facet of the counts: brand, price, or an attribute of the category. */
export type FacetSpec =
  | { kind: 'brand' }
  | { kind: 'price' }
  | { kind: 'attribute'; definition: AttributeDefinition };

/**
 * Parts that share every facet's value, and how many they are: `values[i]` is facet i's value
 * (text for brand, text and yes/no attributes, a number for price in cents and numbers), null
 * where the parts hold none.
 */
export interface FacetRow {
  values: (string | number | null)[];
  count: number;
}

/** The kept column's name: generated here, never taken from a request. */
const column = (index: number) => sql.raw(`c${index}`);

/** How facet `spec` is read from a part; attributes from the row's record `a` (below). */
function readOf(spec: FacetSpec): SQL {
  if (spec.kind === 'brand') return sql`${parts.brand}`;
  if (spec.kind === 'price') return sql`${parts.priceCents}`;
  return sql`a.${sql.identifier(spec.definition.key)}`;
}

export function createFacetsRepo(db: Database) {
  return {
    /**
     * The parts the base filter keeps (listed, in stock, the search, the category and those under
     * it, the part to match; never a facet's selection), grouped by every facet's value: one scan
     * through the category's index, and as many rows as there are distinct combinations (decision
     * 049). Each part's attributes are read as one record of typed fields (numbers float8, the rest
     * text: a yes/no reads 'true' or 'false'), one jsonb_to_record a part where `attributes -> key`
     * would copy the jsonb once per key. Values were checked against these types on every write,
     * and a type cannot change while parts hold values (categories/service.ts).
     */
    async rows(filter: CatalogFilter, specs: FacetSpec[]): Promise<FacetRow[]> {
      const fields = specs.flatMap((spec) =>
        spec.kind === 'attribute'
          ? [
              sql`${sql.identifier(spec.definition.key)} ${spec.definition.type === 'number' ? sql`float8` : sql`text`}`,
            ]
          : [],
      );
      const record =
        fields.length > 0
          ? sql`, jsonb_to_record(${parts.attributes}) as a(${sql.join(fields, sql`, `)})`
          : sql``;
      const kept = specs.map((spec, index) => sql`${readOf(spec)} as ${column(index)}`);
      const groups = specs.map((_, index) => column(index));
      const result = await db.execute(
        sql`select ${sql.join([...groups, sql`count(*)::integer as n`], sql`, `)}
            from (select ${sql.join([sql`1 as one`, ...kept], sql`, `)} from ${parts}${record}
                  where ${baseCondition(filter)}) x
            ${groups.length > 0 ? sql`group by ${sql.join(groups, sql`, `)}` : sql``}`,
      );
      return rowsOf(result).map((row) => ({
        values: specs.map((spec, index) => {
          const value = row[`c${index}`];
          if (value === null || value === undefined) return null;
          const numeric =
            spec.kind === 'price' || (spec.kind === 'attribute' && spec.definition.type === 'number');
          return numeric ? Number(value) : String(value);
        }),
        count: Number(row.n),
      }));
    },
  };
}

export type FacetsRepo = ReturnType<typeof createFacetsRepo>;
