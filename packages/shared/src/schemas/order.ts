import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { idSchema, paginationQuerySchema, plainText } from './common.js';
import { MAX_QUANTITY } from './part.js';

export const orderStatusSchema = z.enum(['unpaid', 'paid', 'shipped', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An order as the API returns it (DESIGN.md §3); `price` is the total bill. */
export const orderSchema = z.object({
  _id: z.string(),
  partId: z.string().nullable(),
  productName: z.string(),
  userName: z.string(),
  email: z.string(),
  unitPrice: z.number(),
  productQuantity: z.number().int(),
  price: z.number(),
  discount: z.number(),
  phone: z.string(),
  address: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
});

/** An admin moves an order forward: unpaid → paid → shipped. */
export const orderStatusUpdateSchema = z.object({ status: z.enum(['paid', 'shipped']) });
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** The e-mail is compared with the caller's, as stored (lower-cased); any other is a 403. */
export const myOrdersQuerySchema = paginationQuerySchema.extend({
  email: z.string().trim().toLowerCase().refine(plainText(), m.emailInvalid),
});

export const ordersQuerySchema = paginationQuerySchema.extend({ status: orderStatusSchema.optional() });
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** The Payment page: the order, and how to pay for it. */
export interface OrderPayment {
  order: Order;
  instructions: string;
}
export type Order = z.infer<typeof orderSchema>;

/** Digits with the usual separators; 7 to 15 digits in all (E.164 allows at most 15). */
export const phoneSchema = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .max(30, m.phoneInvalid)
  .regex(/^\+?[\d\s().-]+$/, m.phoneInvalid)
  .refine(plainText(), m.phoneInvalid)
  .refine((phone) => {
    const digits = phone.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, m.phoneInvalid);

/** Letters of any script, digits, spaces and the punctuation addresses use; no control chars. */
export const addressSchema = z
  .string({ error: m.addressRequired })
  .trim()
  .min(1, m.addressRequired)
  .min(10, m.addressTooShort)
  .max(300, m.addressTooLong)
  .regex(/^[\p{L}\p{M}\p{N}\s.,'#/&()°º:;-]+$/u, m.addressInvalid)
  // \s above also lets vertical tabs and form feeds through.
  .refine(plainText({ multiline: true }), m.addressInvalid);

export const orderQuantitySchema = z.number().int().min(1).max(MAX_QUANTITY);

/** `POST /api/order`. Name, e-mail and every price come from the server, never from here. */
export const orderInputSchema = z.object({
  partId: idSchema,
  productQuantity: orderQuantitySchema,
  phone: phoneSchema,
  address: addressSchema,
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The request header that makes `POST /api/order` safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a key holds: a repeat after this places a new order. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * The client's key for one Order click (a UUID from the web app; any string from other
 * clients): printable ASCII, since that is all an HTTP header carries reliably.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1, m.idempotencyKeyInvalid)
  .max(200, m.idempotencyKeyInvalid)
  .regex(/^[\x20-\x7e]+$/, m.idempotencyKeyInvalid);

/** The headers `POST /api/order` reads, as Node names them (lower case). */
export const orderHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * The purchase page's rule for the quantity (spec §5): not a number, below the part's minimum
 * or above what is available makes the Order button disabled, with no message.
 */
export function isOrderQuantityValid(
  quantity: number,
  part: { minOrderQuantity: number; availableQuantity: number },
): boolean {
  return (
    Number.isInteger(quantity) && quantity >= part.minOrderQuantity && quantity <= part.availableQuantity
  );
}
