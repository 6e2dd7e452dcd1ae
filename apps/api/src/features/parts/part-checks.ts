import {
  type AttributeValues,
  apiMessages,
  categoryMessages,
  checkAttributeValues,
  validationMessages,
} from '@store/shared';
import { Invalid } from '../../lib/domain-errors.js';
import type { CategoryTree } from '../categories/index.js';
import { UPLOADED_IMAGE_PATTERN } from '../images/index.js';

/**
 * The checks a part's write passes beyond its schema, shared by Add Product, Update and the CSV
 * import: each throws an `Invalid` naming the field.
 */

/** The demo catalog's shipped images stay valid when an admin edits a demo part. */
const SHIPPED_IMAGE_PATTERN = /^\/media\/parts\/[a-z0-9-]+\.svg$/;

/** Where a part sits and what it holds, checked against the tree. */
export interface Placement {
  categoryId: string | null;
  attributes: AttributeValues;
}

const invalidFields = (fields: Record<string, string>) => new Invalid(apiMessages.invalidInput, fields);

/** Only images we issued, or that the configured external host issued. */
export const imageCheck = (imageHostOrigins: readonly string[]) => (img: string) => {
  if (UPLOADED_IMAGE_PATTERN.test(img) || SHIPPED_IMAGE_PATTERN.test(img)) return;
  let origin: string | undefined;
  try {
    origin = new URL(img).origin;
  } catch {
    origin = undefined;
  }
  if (!origin || !imageHostOrigins.includes(origin) || !img.startsWith('https://')) {
    throw invalidFields({ img: validationMessages.imageInvalid });
  }
};

/**
 * A price the currency can charge: in a currency without cents (`minorUnitCents` 100) a whole
 * amount, since every bill is rounded to what the currency has and ¥12.50 would never be charged.
 */
export const priceUnitCheck = (minorUnitCents: number) => (priceCents: number) => {
  if (priceCents % minorUnitCents !== 0) throw invalidFields({ price: validationMessages.priceWholeUnits });
};

/**
 * The category and values a write leaves the part with, checked: the category exists, and each
 * value is one its definitions (its own and its ancestors') allow. Text values are trimmed.
 */
export function place(tree: CategoryTree, slug: string | null, attributes: AttributeValues): Placement {
  const category = slug === null ? undefined : tree.find(slug);
  if (slug !== null && !category) throw invalidFields({ category: categoryMessages.partCategoryUnknown });
  if (!category) {
    if (Object.keys(attributes).length > 0)
      throw invalidFields({ attributes: categoryMessages.attributesNeedCategory });
    return { categoryId: null, attributes: {} };
  }
  const problems = checkAttributeValues(tree.definitions(category), attributes);
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const trimmed: AttributeValues = {};
  for (const [key, value] of Object.entries(attributes))
    trimmed[key] = typeof value === 'string' ? value.trim() : value;
  return { categoryId: category.id, attributes: trimmed };
}
