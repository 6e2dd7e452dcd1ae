import {
  type AttributeDefinition,
  type AttributeValues,
  apiMessages,
  attributeFilters,
  type CatalogFilterQuery,
  filterValues,
  categoryMessages as m,
  parseRange,
  type Range,
  toCents,
} from '@store/shared';
import { Invalid } from '../../lib/domain-errors.js';
import type { CategoryNode, CategoryTree } from '../categories/index.js';
import type { SearchPlan } from './search-terms.js';

/** One attribute filter, as the repository applies it: values (OR) or a range. */
export type AttributeSelection =
  | { key: string; type: 'enum'; values: string[] }
  | { key: string; type: 'boolean'; values: boolean[] }
  | { key: string; type: 'number'; range: Range };

/** A part to match (`compatibleWith`): its compatibility values; parts of its own category are not offered. */
export interface CompatibleWith {
  partId: string;
  categoryId: string | null;
  values: AttributeValues;
}

/** What a catalog query asks for, resolved against the category tree (decision 049). */
export interface CatalogFilter {
  /** A search's words, planned against the lexicon and the tree (decision 052). */
  search?: SearchPlan | undefined;
  inStock?: boolean | undefined;
  /** The category asked for and every category under it. */
  categoryIds?: string[];
  brands?: string[];
  priceCents?: Range;
  attributes?: AttributeSelection[];
  compatibleWith?: CompatibleWith;
}

/**
 * No category, brand, price, attribute or compatibility filter: the catalog's kept counts answer
 * its total.
 */
export const isPlainCatalog = (filter: CatalogFilter): boolean =>
  !filter.categoryIds &&
  !filter.brands &&
  !filter.priceCents &&
  !filter.attributes?.length &&
  !filter.compatibleWith;

/** What resolving a query found: the filter, and the attributes its category defines. */
export interface ResolvedFilter {
  filter: CatalogFilter;
  category: CategoryNode | undefined;
  definitions: AttributeDefinition[];
}

/**
 * Reads a parsed catalog query against the tree: the category by slug, each `attr.<key>` by the
 * category's definitions (a range for a number, `true`/`false` for a yes/no, values for text).
 * Every problem is named by its parameter in one 400.
 */
export function resolveFilter(
  query: CatalogFilterQuery,
  tree: CategoryTree,
  compatibleWith?: CompatibleWith,
): ResolvedFilter {
  const problems: Record<string, string> = {};
  const category = query.category ? tree.find(query.category) : undefined;
  if (query.category && !category) problems.category = m.categoryNotFound;
  const definitions = category ? tree.definitions(category) : [];

  const attributes: AttributeSelection[] = [];
  for (const [key, text] of Object.entries(attributeFilters(query))) {
    const field = `attr.${key}`;
    const definition = definitions.find((candidate) => candidate.key === key);
    if (!definition) {
      problems[field] = category || query.category ? m.filterUnknown : m.filterAttributesNeedCategory;
      continue;
    }
    if (definition.type === 'number') {
      const range = parseRange(text);
      if (range) attributes.push({ key, type: 'number', range });
      else problems[field] = m.filterRangeInvalid;
    } else if (definition.type === 'boolean') {
      const values = filterValues(text);
      if (values.every((value) => value === 'true' || value === 'false'))
        attributes.push({
          key,
          type: 'boolean',
          values: [...new Set(values)].map((value) => value === 'true'),
        });
      else problems[field] = m.filterBooleanInvalid;
    } else {
      attributes.push({ key, type: 'enum', values: [...new Set(filterValues(text))] });
    }
  }
  if (Object.keys(problems).length > 0) throw new Invalid(apiMessages.invalidQuery, problems);

  const price = query.price ? parseRange(query.price) : undefined;
  const filter: CatalogFilter = {
    inStock: query.inStock,
    ...(category && { categoryIds: tree.subtree(category).map((node) => node.id) }),
    ...(query.brand && { brands: [...new Set(filterValues(query.brand))] }),
    ...(price && {
      priceCents: {
        ...(price.min !== undefined && { min: toCents(price.min) }),
        ...(price.max !== undefined && { max: toCents(price.max) }),
      },
    }),
    ...(attributes.length > 0 && { attributes }),
    ...(compatibleWith && { compatibleWith }),
  };
  return { filter, category, definitions };
}

/** The part's values of the attributes its category marks `compatibility`. */
export function compatibilityValues(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): AttributeValues {
  const kept: AttributeValues = {};
  for (const definition of definitions) {
    const value = values[definition.key];
    if (definition.compatibility && value !== undefined) kept[definition.key] = value;
  }
  return kept;
}
