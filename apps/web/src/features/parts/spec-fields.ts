import {
  type AttributeDefinition,
  type AttributeValues,
  type Category,
  checkAttributeValues,
} from '@store/shared';
import { definitionsOf } from '../../lib/spec-values';

/**
 * The product form's category, brand and specification fields, kept free of React. The form
 * holds every value as the text its control gives (a number as typed, yes/no as 'true'/'false',
 * '' for none); these turn them into the values the API takes and check them with the API's own
 * rules (`checkAttributeValues`), so a field shows the message a save would get back.
 */

/** Form text, by attribute key. */
export type SpecTexts = Record<string, string>;

/** What Add Product and Update send of the catalog. */
export interface CatalogInput {
  category: string | null;
  brand: string | null;
  attributes: AttributeValues;
}

/** A decimal as people type it: no thousands separators, no exponent, no hexadecimal. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** A part's stored values as the form shows them. */
export function specTextsOf(values: AttributeValues): SpecTexts {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

/**
 * The values the form's texts stand for, for the category's definitions only: a value of a
 * category chosen before is not the part's any more. Empty texts are no value. A text that is
 * not what its type needs is passed on as typed, so the API's check names what is wrong with it.
 */
export function specValuesOf(definitions: readonly AttributeDefinition[], texts: SpecTexts): AttributeValues {
  const values: AttributeValues = {};
  for (const { key, type } of definitions) {
    const text = texts[key]?.trim() ?? '';
    if (!text) continue;
    if (type === 'number') values[key] = DECIMAL.test(text) ? Number(text) : text;
    else if (type === 'boolean') values[key] = text === 'true' ? true : text === 'false' ? false : text;
    else values[key] = text;
  }
  return values;
}

/** What the API would say of each value, by attribute key (empty when all is well). */
export function specProblems(definitions: readonly AttributeDefinition[], texts: SpecTexts): SpecTexts {
  const problems = checkAttributeValues(definitions, specValuesOf(definitions, texts));
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field.replace(/^attributes\./, ''), message]),
  );
}

/** The attributes a part of this category has ('' is none: no attributes). */
export const specDefinitionsOf = (tree: Category[], category: string): AttributeDefinition[] =>
  category ? definitionsOf(tree, category) : [];

/** The form's catalog fields as the API takes them. */
export function catalogInputOf(
  tree: Category[],
  form: { category: string; brand: string; attributes: SpecTexts },
): CatalogInput {
  return {
    category: form.category || null,
    brand: form.brand.trim() || null,
    attributes: specValuesOf(specDefinitionsOf(tree, form.category), form.attributes),
  };
}

/** The same values, whatever the order of their keys (the database keeps its own order). */
export function sameValues(a: AttributeValues, b: AttributeValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * What Update sends of the catalog: the brand, and the category and values only when either
 * changed, so that an edit of the price alone neither rewrites them nor records them as edited.
 */
export function catalogUpdateOf(
  loaded: { category: string | null; attributes: AttributeValues },
  catalog: CatalogInput,
): Partial<CatalogInput> {
  const { brand, category, attributes } = catalog;
  if (category === loaded.category && sameValues(attributes, loaded.attributes)) return { brand };
  return catalog;
}

/**
 * The form field an API field error belongs to: `category`, `brand`, `attributes` (about them
 * all), `attributes.<key>` for a value whose field is shown; undefined for anything else.
 */
export function specFieldOf(
  apiField: string,
  shown: readonly AttributeDefinition[],
): 'category' | 'brand' | 'attributes' | `attributes.${string}` | undefined {
  if (apiField === 'category' || apiField === 'brand' || apiField === 'attributes') return apiField;
  const key = apiField.startsWith('attributes.') ? apiField.slice('attributes.'.length) : undefined;
  if (key && shown.some((definition) => definition.key === key)) return `attributes.${key}`;
  return undefined;
}
