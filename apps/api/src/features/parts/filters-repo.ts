import type { Range } from '@store/shared';
import { and, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { parts } from '../../db/schema.js';
import type { AttributeSelection, CatalogFilter, CompatibleWith } from './catalog-filter.js';

/**
 * The catalog's filters as SQL (issue 23, decision 049). Every value is a parameter; attribute
 * keys are parameters too (`attributes ->> $1`), never spliced into the text of a query.
 */

export const listed = isNull(parts.deletedAt);

/** Buyable now: a customer can order at least the minimum (parts_in_stock_*_idx). */
export const inStockOnly = sql`${parts.availableQuantity} >= ${parts.minOrderQuantity}`;

/** A search term matched literally: % and _ typed by a visitor are not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `{ key: value }` as a jsonb parameter, for containment through parts_attributes_idx. */
const holds = (key: string, value: string | number | boolean) =>
  sql`${parts.attributes} @> ${JSON.stringify({ [key]: value })}::jsonb`;

/**
 * An attribute's value as a number, or null when the part holds none (or, retyped, not a number).
 * float8: the value was a JSON number, and float8 compares and aggregates faster than numeric.
 */
const numberOf = (key: string): SQL<number | null> =>
  sql`(case when jsonb_typeof(${parts.attributes} -> ${key}::text) = 'number' then (${parts.attributes} -> ${key}::text)::float8 end)`;

/** `value` within `range`, either side open. */
export function inRange(value: SQL | typeof parts.priceCents, range: Range, cast = sql``): SQL | undefined {
  return and(
    range.min !== undefined ? sql`${value} >= ${range.min}${cast}` : undefined,
    range.max !== undefined ? sql`${value} <= ${range.max}${cast}` : undefined,
  );
}

/** One attribute filter on the parts table: any of its values, or its range. */
export function attributeCondition(selection: AttributeSelection): SQL | undefined {
  if (selection.type === 'number') return inRange(numberOf(selection.key), selection.range, sql`::float8`);
  return or(...selection.values.map((value) => holds(selection.key, value)));
}

/**
 * Parts compatible with another: of another category, sharing at least one of its compatibility
 * attributes, and equal on every one they share. A part with none matches nothing.
 */
export function compatibleCondition({ partId, categoryId, values }: CompatibleWith): SQL {
  const entries = Object.entries(values);
  if (entries.length === 0) return sql`false`;
  return and(
    sql`${parts.id} <> ${partId}::uuid`,
    categoryId ? sql`${parts.categoryId} is distinct from ${categoryId}::uuid` : undefined,
    or(...entries.map(([key, value]) => holds(key, value))),
    ...entries.map(
      ([key, value]) => sql`(${parts.attributes} -> ${key}::text is null or ${holds(key, value)})`,
    ),
  ) as SQL;
}

/** What no facet relaxes: listed, in stock, the search, the category, the part to match. */
export function baseCondition(filter: CatalogFilter): SQL | undefined {
  return and(
    listed,
    filter.inStock ? inStockOnly : undefined,
    filter.q ? ilike(parts.name, likeTerm(filter.q)) : undefined,
    filter.categoryIds ? inArray(parts.categoryId, filter.categoryIds) : undefined,
    filter.compatibleWith ? compatibleCondition(filter.compatibleWith) : undefined,
  );
}

/** Every filter: the base, brands, price and attributes. */
export function filterCondition(filter: CatalogFilter): SQL | undefined {
  return and(
    baseCondition(filter),
    filter.brands ? inArray(parts.brand, filter.brands) : undefined,
    filter.priceCents ? inRange(parts.priceCents, filter.priceCents) : undefined,
    ...(filter.attributes ?? []).map(attributeCondition),
  );
}
