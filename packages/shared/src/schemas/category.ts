import { z } from 'zod';
import { categoryMessages as m } from '../messages/index.js';
import { plainText } from './common.js';

export const ATTRIBUTE_TYPES = ['enum', 'number', 'boolean'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const MAX_CATEGORY_ATTRIBUTES = 30;

/** A category's slug: what `/c/:slug` and `?category=` name. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const categorySlugSchema = z
  .string({ error: m.categorySlugInvalid })
  .trim()
  .max(60, m.categorySlugInvalid)
  .regex(CATEGORY_SLUG_PATTERN, m.categorySlugInvalid);

/** camelCase, so `attr.<key>` reads as it is written and never needs escaping in a URL. */
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][a-zA-Z0-9]{0,39}$/;

/**
 * One typed attribute of a category's parts. `compatibility`: parts of any category
 * that hold the same key are compatible only when their values are equal (a socket, a memory type).
 */
export const attributeDefinitionSchema = z.object({
  key: z.string({ error: m.attributeKeyInvalid }).regex(ATTRIBUTE_KEY_PATTERN, m.attributeKeyInvalid),
  label: z
    .string({ error: m.attributeLabelRequired })
    .trim()
    .min(1, m.attributeLabelRequired)
    .max(60, m.attributeLabelInvalid)
    .refine(plainText(), m.attributeLabelInvalid),
  type: z.enum(ATTRIBUTE_TYPES, { error: m.attributeTypeInvalid }),
  unit: z
    .string({ error: m.attributeUnitInvalid })
    .trim()
    .min(1, m.attributeUnitInvalid)
    .max(12, m.attributeUnitInvalid)
    .refine(plainText(), m.attributeUnitInvalid)
    .optional(),
  compatibility: z.boolean().optional(),
});
export type AttributeDefinition = z.infer<typeof attributeDefinitionSchema>;

/** What an admin sends to add a category, or to replace one (its slug may change). */
export const categoryInputSchema = z
  .object({
    slug: categorySlugSchema,
    name: z
      .string({ error: m.categoryNameRequired })
      .trim()
      .min(1, m.categoryNameRequired)
      .max(60, m.categoryNameTooLong)
      .refine(plainText(), m.categoryNameInvalid),
    /** The parent's slug; absent or null: a top-level category. */
    parent: categorySlugSchema.nullable().optional(),
    position: z
      .number({ error: m.categoryPositionInvalid })
      .int(m.categoryPositionInvalid)
      .min(0, m.categoryPositionInvalid)
      .max(10_000, m.categoryPositionInvalid)
      .default(0),
    attributes: z
      .array(attributeDefinitionSchema)
      .max(MAX_CATEGORY_ATTRIBUTES, m.attributesTooMany)
      .default([]),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const { key } of input.attributes) {
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['attributes'], message: m.attributeKeyRepeated(key) });
      seen.add(key);
    }
  });
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categorySlugParams = z.object({ slug: categorySlugSchema });

/**
 * One category of `GET /api/categories`, in the tree's order (each parent before its children,
 * siblings by position): `attributes` are its own; a child's parts also have its ancestors'.
 * `partCount` counts the listed parts of the category and of every category under it.
 */
export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  position: z.number().int(),
  depth: z.number().int(),
  attributes: z.array(attributeDefinitionSchema),
  partCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** A part's attribute values: `{ socket: 'AM5', cores: 16, wifi: true }`. */
/**
 * A part's attribute values by key. Keys and texts are checked here, whatever the category: text
 * UTF-8 cannot carry never reaches the database; the category's own rules follow
 * (`checkAttributeValues`).
 */
export const attributeValuesSchema = z.record(
  z.string().regex(ATTRIBUTE_KEY_PATTERN, m.attributeKeyInvalid),
  z.union([z.string().refine(plainText(), m.attributeValueInvalid), z.number(), z.boolean()]),
  { error: (issue) => (issue.code === 'invalid_key' ? m.attributeKeyInvalid : undefined) },
);
export type AttributeValues = z.infer<typeof attributeValuesSchema>;

const MAX_TEXT_VALUE = 60;

/**
 * Checks a part's values against the definitions of its category (its own and its ancestors'):
 * the messages by field (`attributes.<key>`), empty when all is well. A key the category does not
 * define, a number given as text, a yes/no given as anything but a boolean are refused.
 */
export function checkAttributeValues(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): Record<string, string> {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const definition = byKey.get(key);
    const field = `attributes.${key}`;
    if (!definition) problems[field] = m.attributeNotDefined(key);
    else if (definition.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
      problems[field] = m.attributeNotNumber(definition.label);
    else if (definition.type === 'boolean' && typeof value !== 'boolean')
      problems[field] = m.attributeNotBoolean(definition.label);
    else if (
      definition.type === 'enum' &&
      (typeof value !== 'string' ||
        !value.trim() ||
        value.length > MAX_TEXT_VALUE ||
        value.includes(',') ||
        !plainText()(value))
    )
      problems[field] = m.attributeNotText(definition.label);
  }
  return problems;
}
