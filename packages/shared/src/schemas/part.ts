import { z } from 'zod';
import { MAX_PRICE, PART_SORTS } from '../constants.js';
import { categoryMessages, validationMessages as m } from '../messages/index.js';
import { catalogFilterFields, checkAttributeFilterShapes } from './catalog-filter.js';
import { attributeValuesSchema, categorySlugSchema } from './category.js';
import { hasAtMostTwoDecimals, paginationQuerySchema, plainText } from './common.js';
import { partsCursorSchema } from './cursor.js';

export const MAX_QUANTITY = 1_000_000;

/**
 * Availability as the store judges it: `out` when fewer than the minimum order are left (no
 * order can be placed), `low` below the store's LOW_STOCK_THRESHOLD, `in` otherwise.
 */
export const stockLevelSchema = z.enum(['in', 'low', 'out']);
export type StockLevel = z.infer<typeof stockLevelSchema>;

/**
 * A part as the API returns it (docs/architecture.md, 'Answers and errors'). `price` is the unit
 * price in currency units.
 */
export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  /** A small version of `img` for lists (the same URL when the host makes none). */
  thumb: z.string(),
  price: z.number(),
  /** The part number customers quote: unique among parts, case-insensitively. */
  sku: z.string(),
  minOrderQuantity: z.number().int(),
  /** The pack size: an order is a whole number of packs. */
  orderMultiple: z.number().int(),
  availableQuantity: z.number().int(),
  description: z.string(),
  bulkDiscount: z.boolean(),
  createdAt: z.string(),
  /** Computed by the server from the stock, the minimum order and LOW_STOCK_THRESHOLD. */
  stock: stockLevelSchema,
  /** The category's slug; null for a part not sorted into the tree. */
  category: z.string().nullable(),
  brand: z.string().nullable(),
  /** Values of the category's attributes (its own and its ancestors'), by key. */
  attributes: attributeValuesSchema,
});
export type Part = z.infer<typeof partSchema>;

export const partSortSchema = z.enum(PART_SORTS);
export type PartSort = z.infer<typeof partSortSchema>;

/** What a list may be ordered by: a sort a visitor picks, or a search's best match first. */
export type PartOrder = PartSort | 'relevance';

/** No sort named: a search ranks its best matches first, the catalog shows the newest. */
export const effectivePartOrder = (query: {
  sort?: PartOrder | undefined;
  q?: string | undefined;
}): PartOrder => query.sort ?? (query.q ? 'relevance' : 'newest');

/** `true`/`false` as a query string carries them; anything else is refused. */
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Loose: `attr.<key>` filters are named by the category's attributes (checked by the API against
 * them); other unknown parameters (`utm_source`) are ignored as they always were.
 */
export const partsQuerySchema = paginationQuerySchema
  .extend({
    ...catalogFilterFields,
    sort: z
      .enum([...partSortSchema.options, 'relevance'])
      .optional()
      .meta({
        description:
          'Default: `relevance` with `q` (the exact SKU first, then by where the words matched: name and SKU, brand, category, description), else `newest`.',
      }),
    /** Search: every word, in any order, in name, SKU, brand, category or description (decision 052). */
    q: z.string().trim().max(100).refine(plainText(), m.searchInvalid).optional(),
    inStock: queryBoolean.optional().meta({
      description: '`true`: only parts a customer can buy now (available ≥ minimum order, so at least 1).',
    }),
    cursor: partsCursorSchema.optional().meta({
      description:
        'Keyset paging: the page after the one whose `Link: rel="next"` (or `X-Next-Cursor`) named it; replaces `page`. With `sort=relevance`, pages follow the score of the last part seen, for the same `q`.',
    }),
  })
  .loose()
  .superRefine((query, ctx) => {
    if (query.cursor && query.cursor.sort !== effectivePartOrder(query)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: m.cursorSortMismatch });
    }
    checkAttributeFilterShapes(query, ctx);
  });
export type PartsQuery = z.infer<typeof partsQuerySchema>;

const wholeQuantity = (required: string) =>
  z.number({ error: required }).int(m.wholeNumber).max(MAX_QUANTITY, m.quantityTooHigh);

/** What the database accepts too (parts_sku_format): a part number, never free text. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

const skuField = z
  .string({ error: m.skuRequired })
  .trim()
  .min(1, m.skuRequired)
  .regex(SKU_PATTERN, m.skuInvalid);

const orderMultipleField = wholeQuantity(m.orderMultipleRequired).min(1, m.orderMultipleAtLeastOne);

/** The minimum order is a whole number of packs (parts_min_order_whole_packs). */
const minOrderInWholePacks = (
  p: { minOrderQuantity: number; orderMultiple?: number | undefined },
  ctx: z.RefinementCtx,
) => {
  const pack = p.orderMultiple ?? 1;
  if (p.minOrderQuantity % pack !== 0) {
    ctx.addIssue({ code: 'custom', path: ['minOrderQuantity'], message: m.minOrderNotWholePacks(pack) });
  }
};

const productFields = {
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(120, m.nameTooLong)
    .refine(plainText(), m.nameInvalid),
  price: z
    .number({ error: m.priceRequired })
    .positive(m.pricePositive)
    .max(MAX_PRICE, m.priceTooHigh)
    .refine(hasAtMostTwoDecimals, m.priceCents),
  availableQuantity: wholeQuantity(m.availableRequired).min(0, m.availableNegative),
  minOrderQuantity: wholeQuantity(m.minOrderRequired).min(1, m.minOrderAtLeastOne),
  description: z
    .string({ error: m.descriptionRequired })
    .trim()
    .min(1, m.descriptionRequired)
    .max(2000, m.descriptionTooLong)
    .refine(plainText({ multiline: true }), m.descriptionInvalid),
  bulkDiscount: z.boolean().default(false),
};

/** A part's brand, as the API and the product form take it. */
const brandField = z
  .string({ error: categoryMessages.brandInvalid })
  .trim()
  .max(60, categoryMessages.brandInvalid)
  .refine(plainText(), categoryMessages.brandInvalid);

/**
 * Where a part sits and what it is. Values are checked against the category's definitions by the
 * API (`checkAttributeValues`), which knows them.
 */
const catalogFields = {
  category: categorySlugSchema.nullable().optional(),
  brand: brandField.nullable().optional(),
  attributes: attributeValuesSchema.optional(),
};

const imageField = z
  .string({ error: m.imageRequired })
  .trim()
  .min(1, m.imageRequired)
  .max(500, m.imageInvalid)
  .refine(plainText(), m.imageInvalid);

/**
 * What an admin sends to add a part. The adder's e-mail comes from the token. The SKU is
 * required; the pack size defaults to 1, a part sold by the unit.
 */
export const productInputSchema = z
  .object({
    ...productFields,
    ...catalogFields,
    img: imageField,
    sku: skuField,
    orderMultiple: orderMultipleField.default(1),
  })
  .refine((p) => p.minOrderQuantity <= p.availableQuantity, {
    path: ['minOrderQuantity'],
    error: m.minOrderAboveAvailable,
  })
  .superRefine(minOrderInWholePacks);
export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * What an admin sends to update a part (edits never undo orders). Stock is optional:
 * an edit without `availableQuantity` never touches it. One that sets it also sends
 * `availableQuantityBefore`, the stock its form was loaded with, and the API refuses it (409)
 * when orders have moved the stock since: otherwise saving a stale form would undo them.
 * `sku` and `orderMultiple` are optional too: a client that sends neither keeps the part's own.
 * Without `orderMultiple`, the minimum is checked against the stored pack by the API.
 * So are `category`, `brand` and `attributes`: absent, the part's own are kept (and
 * its attributes must fit a new category); `null` takes the category or brand away.
 */
export const productUpdateSchema = z
  .object({
    ...productFields,
    ...catalogFields,
    img: imageField,
    sku: skuField.optional(),
    orderMultiple: orderMultipleField.optional(),
    availableQuantity: productFields.availableQuantity.optional(),
    availableQuantityBefore: wholeQuantity(m.availableBeforeRequired).min(0, m.availableNegative).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.orderMultiple !== undefined) minOrderInWholePacks(p, ctx);
    if (p.availableQuantity === undefined) {
      if (p.availableQuantityBefore !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['availableQuantityBefore'], message: m.availableBeforeAlone });
      }
      return;
    }
    if (p.availableQuantityBefore === undefined) {
      ctx.addIssue({ code: 'custom', path: ['availableQuantityBefore'], message: m.availableBeforeRequired });
    }
    // No minimum-order check here: a stock count below the minimum, 0 included, is how
    // an owner takes a part off sale without deleting it; the part then shows 'Out of stock'.
  });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

const productFormFields = {
  name: productFields.name,
  price: productFields.price,
  available: productFields.availableQuantity,
  minorder: productFields.minOrderQuantity,
  sku: skuField,
  /** 'Pack size': quantities are ordered in whole packs. */
  pack: orderMultipleField,
  description: productFields.description,
  bulkDiscount: productFields.bulkDiscount,
  /** '' is no category (no brand). The chosen category's attributes decide which values count. */
  category: z.union([z.literal(''), categorySlugSchema]).default(''),
  brand: brandField.default(''),
  /**
   * Values as typed (a number as its text, yes/no as 'true'/'false'), by attribute key. They are
   * checked against the chosen category's definitions by `checkAttributeValues` once typed, which
   * needs the tree, so not here.
   */
  attributes: z.record(z.string(), z.string()).default({}),
};

const chosenImage = z.custom<ArrayLike<unknown>>(
  (files) =>
    typeof files === 'object' &&
    files !== null &&
    'length' in files &&
    typeof files.length === 'number' &&
    files.length > 0,
  m.imageRequired,
);

const minOrderWithinStock = <T extends { minorder: number; available: number }>(p: T) =>
  p.minorder <= p.available;

/** The form's names for the same rule as the API's (minOrderInWholePacks). */
const minOrderFormInWholePacks = (p: { minorder: number; pack: number }, ctx: z.RefinementCtx) => {
  if (Number.isInteger(p.pack) && p.pack >= 1 && p.minorder % p.pack !== 0) {
    ctx.addIssue({ code: 'custom', path: ['minorder'], message: m.minOrderNotWholePacks(p.pack) });
  }
};

/**
 * The Add Product form: name, price, available, minorder, description, image file.
 * Number inputs are read with valueAsNumber, so an empty field arrives as NaN and fails as
 * "required". The image is checked as "chosen" here; its bytes are checked by the image host.
 */
export const addProductFormSchema = z
  .object({ ...productFormFields, image: chosenImage })
  .refine(minOrderWithinStock, { path: ['minorder'], error: m.minOrderAboveAvailable })
  .superRefine(minOrderFormInWholePacks);
export type AddProductForm = z.input<typeof addProductFormSchema>;

/**
 * Update: the same form, where choosing a new image is optional, and a stock below the minimum
 * order (0 included) is allowed: it takes the part off sale ('Out of stock') without deleting it.
 */
export const editProductFormSchema = z
  .object({
    ...productFormFields,
    image: z.custom<ArrayLike<unknown>>().optional(),
  })
  .superRefine(minOrderFormInWholePacks);
export type EditProductForm = z.input<typeof editProductFormSchema>;
