import type { Range } from '@store/shared';
import { and, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { parts } from '../../db/schema.js';
import type { AttributeSelection, CatalogFilter, CompatibleWith } from './catalog-filter.js';
import type { SearchPlan } from './search-terms.js';

/**
 * The catalog's filters as SQL (decision 049). Every value is a parameter; attribute
 * keys are parameters too (`attributes ->> $1`), never spliced into the text of a query.
 */

export const listed = isNull(parts.deletedAt);

/** Buyable now: a customer can order at least the minimum (parts_in_stock_*_idx). */
export const inStockOnly = sql`${parts.availableQuantity} >= ${parts.minOrderQuantity}`;

/** A tsquery built from a search's words (only letters, digits and dots, quoted), as a parameter. */
const matchesWords = (tsquery: string) => sql`${parts.searchVector} @@ to_tsquery('simple', ${tsquery})`;

/**
 * A search (decision 052): the part whose SKU it is, or every word matched, the ones that name
 * no category in one tsquery (one parts_search_idx scan), each that does either in the words or
 * by the part's category.
 */
export function searchCondition({ sku, terms }: SearchPlan): SQL {
  const exactSku = sql`lower(${parts.sku}) = ${sku}`;
  const plain = terms.filter((term) => term.categoryIds.length === 0);
  const words = and(
    plain.length > 0 ? matchesWords(plain.map((term) => `(${term.tsquery})`).join(' & ')) : undefined,
    ...terms
      .filter((term) => term.categoryIds.length > 0)
      .map((term) => or(matchesWords(term.tsquery), inArray(parts.categoryId, term.categoryIds))),
  );
  return (words && or(exactSku, words)) ?? exactSku;
}

/**
 * How well a part matches a search, for `sort=relevance`: 1 for the exact SKU, plus ts_rank of
 * where its words stand (weights D description 0.1, C unused, B brand 0.4, A name and SKU 1),
 * divided by 1 + the log of the part's length in words (normalization 1: 'Terrabyte SSD' before
 * 'Terrabyte SSD 2TB NVMe with heatsink') and scaled below 1 (normalization 32). `real`
 * throughout, so a cursor's key is this exact value.
 */
export function relevance(search: SearchPlan | undefined): SQL {
  if (!search) return sql`0::real`;
  const exactSku = sql`(lower(${parts.sku}) = ${search.sku})::int::real`;
  if (!search.rankQuery) return exactSku;
  return sql`(${exactSku} + ts_rank('{0.1, 0.2, 0.4, 1}', ${parts.searchVector}, to_tsquery('simple', ${search.rankQuery}), 1 | 32))`;
}

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
  return (
    and(
      sql`${parts.id} <> ${partId}::uuid`,
      categoryId ? sql`${parts.categoryId} is distinct from ${categoryId}::uuid` : undefined,
      or(...entries.map(([key, value]) => holds(key, value))),
      ...entries.map(
        ([key, value]) => sql`(${parts.attributes} -> ${key}::text is null or ${holds(key, value)})`,
      ),
    ) ?? sql`false`
  );
}

/** What no facet relaxes: listed, in stock, the search, the category, the part to match. */
export function baseCondition(filter: CatalogFilter): SQL | undefined {
  return and(
    listed,
    filter.inStock ? inStockOnly : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
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
