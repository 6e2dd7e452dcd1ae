import { z } from 'zod';
import { ATTRIBUTE_FILTER_PREFIX, filterValues, isPriceRange } from '../filter-text.js';
import { categoryMessages as m } from '../messages/index.js';
import { categorySlugSchema } from './category.js';
import { idSchema, plainText } from './common.js';

// Zod-free, so the web's first load can read a filter's text without the schemas.
export {
  ATTRIBUTE_FILTER_PREFIX,
  filterValues,
  formatRange,
  isPriceRange,
  parseRange,
  type Range,
  typedRangeProblem,
} from '../filter-text.js';

/**
 * The catalog's filters, as `GET /api/parts` and `GET /api/facets` read them from the
 * query string: `category` (a parent includes its children), `brand=a,b`, `price=min..max`,
 * `attr.<key>=v1,v2` for text and yes/no attributes, `attr.<key>=min..max` for numbers, and
 * `compatibleWith=<partId>`. OR within a filter, AND across filters.
 */

/** How many values one filter may list (a page of checkboxes, not a data dump). */
export const MAX_FILTER_VALUES = 50;
const MAX_FILTER_TEXT = 1000;

const valueList = z
  .string({ error: m.filterValuesInvalid })
  .max(MAX_FILTER_TEXT, m.filterValuesInvalid)
  .refine(plainText(), m.filterValuesInvalid)
  .refine((text) => {
    const values = filterValues(text);
    return values.length > 0 && values.length <= MAX_FILTER_VALUES;
  }, m.filterValuesInvalid);

/** A price range in currency units, within what a price can be. */
const priceRange = z.string({ error: m.filterRangeInvalid }).refine(isPriceRange, m.filterRangeInvalid);

/** The filter fields every catalog query shares (`partsQuerySchema`, `facetsQuerySchema`). */
export const catalogFilterFields = {
  category: categorySlugSchema.optional().meta({
    description: 'A category slug: its parts and those of every category under it.',
  }),
  brand: valueList.optional().meta({ description: 'Brands, comma-separated: any of them.' }),
  price: priceRange
    .optional()
    .meta({ description: 'Unit price `min..max` in currency units; either side may be open.' }),
  compatibleWith: idSchema.optional().meta({
    description:
      'A part id: only parts compatible with it (of other categories, sharing at least one of its compatibility attributes, every shared one equal).',
  }),
};

/**
 * `attr.<key>` values are checked here for their shape only (plain text, not too long, not
 * repeated); which keys exist and whether a value is a range is known from the category, so the
 * API checks that and names the field.
 */
export function checkAttributeFilterShapes(query: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(ATTRIBUTE_FILTER_PREFIX)) continue;
    if (!valueList.safeParse(value).success)
      ctx.addIssue({ code: 'custom', path: [key], message: m.filterValuesInvalid });
  }
}

/** The `attr.<key>` filters of a parsed query, by attribute key (`attr.cores=8..16` → cores). */
export function attributeFilters(query: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith(ATTRIBUTE_FILTER_PREFIX) && typeof value === 'string')
      filters[key.slice(ATTRIBUTE_FILTER_PREFIX.length)] = value;
  }
  return filters;
}

/** What the API reads of either query to filter the catalog (both are loose: `attr.<key>`). */
export interface CatalogFilterQuery {
  category?: string | undefined;
  brand?: string | undefined;
  price?: string | undefined;
  compatibleWith?: string | undefined;
  q?: string | undefined;
  inStock?: boolean | undefined;
  [parameter: string]: unknown;
}

/** `GET /api/facets`: the catalog's filters, the search and 'In stock only'. */
export const facetsQuerySchema = z
  .looseObject({
    ...catalogFilterFields,
    q: z.string().trim().max(100).refine(plainText(), m.filterValuesInvalid).optional(),
    inStock: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  })
  .superRefine(checkAttributeFilterShapes);
export type FacetsQuery = z.infer<typeof facetsQuerySchema>;

/** One value of a brand, text or yes/no facet, with the parts it would show. */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });

/**
 * A facet as `GET /api/facets` answers it: the counts of a facet ignore that facet's own
 * selection (how many more a second brand would add), and obey every other filter.
 */
export const facetSchema = z.discriminatedUnion('type', [
  z.object({
    key: z.string(),
    label: z.string(),
    type: z.enum(['enum', 'boolean']),
    values: z.array(facetValueSchema),
  }),
  z.object({
    key: z.string(),
    label: z.string(),
    type: z.literal('number'),
    unit: z.string().optional(),
    /** Absent when no part left has a value. */
    min: z.number().optional(),
    max: z.number().optional(),
  }),
]);
export type Facet = z.infer<typeof facetSchema>;

export const facetsSchema = z.object({
  /** Parts matching every filter. */
  total: z.number().int(),
  facets: z.array(facetSchema),
});
export type Facets = z.infer<typeof facetsSchema>;
