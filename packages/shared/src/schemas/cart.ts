import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUICK_ORDER_TEXT } from '../constants.js';
import { cartApiMessages as c } from '../messages/cart.js';
import { idSchema, plainText } from './common.js';
import { MAX_QUANTITY } from './part.js';

/** A cart line's quantity: a whole number of units; the part's own rules are flagged, not refused. */
export const cartQuantitySchema = z
  .number({ error: c.rowQuantityInvalid })
  .int(c.rowQuantityInvalid)
  .min(1, c.rowQuantityInvalid)
  .max(MAX_QUANTITY, c.rowQuantityInvalid);

/** `PUT /api/cart/:partId`: the line's new quantity (the line is added when new). */
export const cartLineInputSchema = z.object({ quantity: cartQuantitySchema });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** The cart's routes name a part by its id; one that cannot exist is a 404 like an unknown one. */
export const cartPartParams = z.object({ partId: idSchema.meta({ description: 'The part’s id (UUID)' }) });

/** `POST /api/cart/import`: pasted rows or a CSV file's text (quick-order.ts reads it). */
export const quickOrderInputSchema = z.object({
  text: z
    .string({ error: c.textRequired })
    .max(MAX_QUICK_ORDER_TEXT, c.textTooLong(MAX_QUICK_ORDER_TEXT))
    .refine((text) => text.trim() !== '', c.textRequired)
    .refine(plainText({ multiline: true }), c.textInvalid),
});
export type QuickOrderInput = z.infer<typeof quickOrderInputSchema>;

/** `POST /api/cart/merge`: a visitor's cart, kept in the browser, added to the account's at sign-in. */
export const cartMergeInputSchema = z.object({
  lines: z.array(z.object({ partId: idSchema, quantity: cartQuantitySchema })).max(MAX_CART_LINES),
});
export type CartMergeInput = z.infer<typeof cartMergeInputSchema>;

export const lineProblemSchema = z.object({
  code: z.enum(['below-minimum', 'not-multiple', 'over-stock', 'unavailable']),
  message: z.string(),
  /** The nearest quantity that keeps every rule; null when none does. */
  suggestedQuantity: z.number().int().nullable(),
});

/** A cart line priced from today's part; money in currency units like the part's `price`. */
export const cartLineSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  /** A small version of `img` for lists. */
  thumb: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  minOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  availableQuantity: z.number().int(),
  discountPercent: z.number().int(),
  discount: z.number(),
  /** Quantity × unit price less the discount. */
  lineTotal: z.number(),
  /** The line's first broken rule, or null when it may be ordered as it is. */
  problem: lineProblemSchema.nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The cart: its lines in the order they were added, and totals over every line, flagged ones too. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  /** Before tax, the tax, and `total` = net + tax: as the order will store them (decision 053). */
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Units over all lines. */
  units: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

/** One row of a quick order or reorder: added to the cart, or refused with its reason. */
export const cartRowSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  quantity: z.number().int().nullable(),
  status: z.enum(['added', 'error']),
  /** An error's reason, or an added line's problem; null for a line that may be ordered as it is. */
  message: z.string().nullable(),
  suggestedQuantity: z.number().int().nullable(),
});
export type CartRow = z.infer<typeof cartRowSchema>;

export const cartRowsResultSchema = z.object({ cart: cartSchema, rows: z.array(cartRowSchema) });
export type CartRowsResult = z.infer<typeof cartRowsResultSchema>;

/** A merged line that was not added: its part is unknown or gone, or the cart was full. */
export const cartMergeResultSchema = z.object({
  cart: cartSchema,
  skipped: z.array(z.object({ partId: z.string(), message: z.string() })),
});
export type CartMergeResult = z.infer<typeof cartMergeResultSchema>;
