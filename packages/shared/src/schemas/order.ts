import { z } from 'zod';
import { checkoutMessages, validationMessages as m } from '../messages/index.js';
import { idSchema, paginationQuerySchema, plainText } from './common.js';
import { MAX_QUANTITY } from './part.js';
import { orderCardPaymentSchema } from './payment.js';

export const orderStatusSchema = z.enum(['unpaid', 'paid', 'shipped', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** What people quote: `PD-` and the order's sequence number (the uuid stays the API id). */
export const ORDER_NUMBER_PREFIX = 'PD-';
export const formatOrderNumber = (n: number) => `${ORDER_NUMBER_PREFIX}${n}`;
/** `PD-100001`, `pd-100001` or `100001`: the sequence number, or undefined for anything else. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^(?:pd-?)?(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * One line of an order: the part with its SKU, name and unit price as they were when
 * ordered, the quantity, the line's bulk discount and its total (`price`), money in currency units.
 */
export const orderLineSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  productName: z.string(),
  unitPrice: z.number(),
  productQuantity: z.number().int(),
  discountPercent: z.number(),
  discount: z.number(),
  /** After the discount, before tax; `tax` on it; `price` = net + tax (decision 053). */
  net: z.number(),
  tax: z.number(),
  price: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order as the API returns it (docs/architecture.md, 'Answers and errors'); `price` is the total
 * bill. The single-part fields stay: `partId` and `unitPrice` are the first line's,
 * `productName` is 'first part and N more' for a multi-line order, `productQuantity` the units.
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** `PD-100001`. */
  number: z.string(),
  partId: z.string().nullable(),
  productName: z.string(),
  userName: z.string(),
  email: z.string(),
  unitPrice: z.number(),
  productQuantity: z.number().int(),
  price: z.number(),
  discount: z.number(),
  /** The bill before tax, its tax and (`price`) the total, as stored when placed (decision 053). */
  net: z.number(),
  tax: z.number(),
  /** The rate it was taxed at, in percent (0 for orders placed before tax). */
  taxRate: z.number(),
  phone: z.string(),
  address: z.string(),
  /** The buyer's company and VAT number from My Profile when the order was placed, if any. */
  companyName: z.string().optional(),
  vatNumber: z.string().optional(),
  status: orderStatusSchema,
  /** Set when shipped, if the admin gave them. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
  /** When the status last changed. */
  updatedAt: z.string(),
  lines: z.array(orderLineSchema),
  lineCount: z.number().int(),
  /** The buyer's own purchase-order number, if they gave one. */
  poReference: z.string().nullable(),
  /** Present when a card payment came for the order (decision 048): how it stands. */
  payment: orderCardPaymentSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** One change of status: who made it (an e-mail, or `system` for expiry) and when. */
export const orderEventSchema = z.object({ status: orderStatusSchema, at: z.string(), by: z.string() });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** `GET /api/order/:id`: the order with its history, oldest first. */
export const orderDetailSchema = orderSchema.extend({ events: z.array(orderEventSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The seller, as invoices name it (STORE_NAME, STORE_ADDRESS, STORE_TAX_ID). */
export const sellerSchema = z.object({ name: z.string(), address: z.string(), taxId: z.string() });
export type Seller = z.infer<typeof sellerSchema>;

/**
 * The Payment page and order detail: the order, its history, how to pay for it, and the seller,
 * so that the invoice on screen names them as the PDF does.
 */
export interface OrderPayment {
  order: OrderDetail;
  instructions: string;
  /** Whether the store takes cards (Stripe is set up): the Payment page offers 'Pay by card'. */
  cardPayments: boolean;
  seller: Seller;
}

const shippingText = (tooLong: string) =>
  z.string().trim().min(1).max(100, tooLong).refine(plainText(), m.shippingInvalid).optional();

/**
 * An admin's move (`PATCH /api/order/:id/status`). The server allows exactly unpaid → paid,
 * paid → shipped, paid → unpaid (undoing a mistaken payment) and unpaid or paid → cancelled;
 * carrier and tracking number go with 'shipped' only.
 */
export const orderStatusUpdateSchema = z
  .object({
    status: orderStatusSchema,
    carrier: shippingText(m.carrierTooLong),
    trackingNumber: shippingText(m.trackingNumberTooLong),
  })
  .refine((u) => u.status === 'shipped' || (u.carrier === undefined && u.trackingNumber === undefined), {
    path: ['carrier'],
    error: m.shippingOnlyWhenShipped,
  });
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** The e-mail is compared with the caller's, as stored (lower-cased); any other is a 403. */
export const myOrdersQuerySchema = paginationQuerySchema.extend({
  email: z.string().trim().toLowerCase().refine(plainText(), m.emailInvalid),
  /** Without it, every order, cancelled ones included. */
  status: orderStatusSchema.optional(),
});
export type MyOrdersQuery = z.infer<typeof myOrdersQuerySchema>;

/**
 * `GET /api/myorders.csv`: the caller's own orders (the token says whose: no e-mail here), with
 * My Orders' filter.
 */
export const myOrdersCsvQuerySchema = z.object({ status: orderStatusSchema.optional() });
export type MyOrdersCsvQuery = z.infer<typeof myOrdersCsvQuerySchema>;

/** The admin's desk and its CSV export: a status, and a search by order number, e-mail or PO reference. */
export const ordersFilterSchema = z.object({
  status: orderStatusSchema.optional(),
  q: z.string().trim().max(254).refine(plainText(), m.searchInvalid).optional(),
});
export type OrdersFilter = z.infer<typeof ordersFilterSchema>;

export const ordersQuerySchema = paginationQuerySchema.extend(ordersFilterSchema.shape);
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

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

/**
 * Any printable text of any script, on one line or several (an Arabic comma, `،`, and `№`
 * included): letters, marks, digits, punctuation, symbols and spaces, and the joiners
 * Persian and Indic scripts spell with (U+200C, U+200D). Still refused: control characters,
 * bidirectional and other invisible format characters (U+202E …), line and paragraph
 * separators, private-use and unassigned code points. Every page and document escapes it.
 */
const PRINTABLE_LINES = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\t\n\r\u200C\u200D]+$/u;

export const addressSchema = z
  .string({ error: m.addressRequired })
  .trim()
  .min(1, m.addressRequired)
  .min(10, m.addressTooShort)
  .max(300, m.addressTooLong)
  .regex(PRINTABLE_LINES, m.addressInvalid)
  .refine(plainText({ multiline: true }), m.addressInvalid);

export const orderQuantitySchema = z.number().int().min(1).max(MAX_QUANTITY);

/**
 * The buyer's own purchase-order number, optional on both ways of ordering (`POST /api/order`
 * and `POST /api/checkout`), printed on the order, invoice, e-mails and CSV.
 */
export const poReferenceSchema = z
  .string()
  .trim()
  .max(40, checkoutMessages.poReferenceTooLong)
  .refine(plainText(), checkoutMessages.poReferenceInvalid)
  .optional()
  // An empty field means no reference.
  .transform((po) => (po ? po : undefined));

/** `POST /api/order`. Name, e-mail and every price come from the server, never from here. */
export const orderInputSchema = z.object({
  partId: idSchema,
  productQuantity: orderQuantitySchema,
  phone: phoneSchema,
  address: addressSchema,
  poReference: poReferenceSchema,
});
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderRequest = z.output<typeof orderInputSchema>;

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
