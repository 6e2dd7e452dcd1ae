import { z } from 'zod';
import { checkoutMessages as m } from '../messages/checkout.js';
import { cartQuantitySchema } from './cart.js';
import { idSchema } from './common.js';
import { addressSchema, phoneSchema, poReferenceSchema } from './order.js';

/** At most this many lines in one order (a bill of materials, not a warehouse). */
export const MAX_ORDER_LINES = 100;

/** The part number customers quote (migration 0018's format). */
const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * One line of a checkout with lines: the part by its id or by its SKU (what purchasing systems
 * know), and the quantity. Name and price come from the server.
 */
export const checkoutLineInputSchema = z
  .object(
    {
      partId: idSchema.optional(),
      sku: z.string({ error: m.skuInvalid }).trim().regex(SKU_PATTERN, m.skuInvalid).optional(),
      // The cart's rule and words: a whole number of units; the part's own rules are judged later.
      quantity: cartQuantitySchema,
    },
    { error: m.linesInvalid },
  )
  .refine((line) => (line.partId === undefined) !== (line.sku === undefined), {
    path: ['partId'],
    error: m.lineNeedsPart,
  });
export type CheckoutLineInput = z.infer<typeof checkoutLineInputSchema>;

/**
 * `POST /api/checkout`: one order from the caller's cart, or, with `lines`, from those lines (the
 * cart untouched). Name, e-mail, prices and totals come from the server, never from here.
 */
export const checkoutInputSchema = z.object({
  phone: phoneSchema,
  address: addressSchema,
  poReference: poReferenceSchema,
  lines: z
    .array(checkoutLineInputSchema, { error: m.linesInvalid })
    .min(1, m.noLines)
    .max(MAX_ORDER_LINES, m.tooManyLines(MAX_ORDER_LINES))
    .optional(),
});
export type CheckoutInput = z.input<typeof checkoutInputSchema>;
export type CheckoutRequest = z.output<typeof checkoutInputSchema>;

/** A line checkout refused (422): the part as the caller named it, and its first broken rule. */
export const refusedLineSchema = z.object({
  partId: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  problem: z.object({
    code: z.enum(['below-minimum', 'not-multiple', 'over-stock', 'unavailable']),
    message: z.string(),
    suggestedQuantity: z.number().int().nullable(),
  }),
});
export type RefusedLine = z.infer<typeof refusedLineSchema>;

/** 422: the lines refused (every one with a problem), or a reused Idempotency-Key (no lines). */
export const linesRefusedSchema = z
  .object({ message: z.string(), lines: z.array(refusedLineSchema).optional() })
  .meta({ id: 'LinesRefused' });
