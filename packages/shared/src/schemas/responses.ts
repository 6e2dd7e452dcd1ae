import { z } from 'zod';
import { orderDetailSchema, orderSchema, sellerSchema } from './order.js';
import { userSchema } from './user.js';

/**
 * Answers that are not one entity: errors, the document-style write results (`acknowledged`,
 * `insertedId`…), and the small objects some routes return. Entities (part, order, review, user)
 * live with their inputs.
 */

/**
 * Every error the API sends (docs/architecture.md, 'Answers and errors'): a message, and per-field
 * messages for bad input.
 */
export const apiErrorSchema = z
  .object({ message: z.string(), fields: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const insertResultSchema = z
  .object({ acknowledged: z.literal(true), insertedId: z.string() })
  .meta({ id: 'InsertResult' });
export type InsertResult = z.infer<typeof insertResultSchema>;

export const updateResultSchema = z
  .object({
    acknowledged: z.literal(true),
    matchedCount: z.number().int().optional(),
    modifiedCount: z.number().int(),
  })
  .meta({ id: 'UpdateResult' });
export type UpdateResult = z.infer<typeof updateResultSchema>;

export const deleteResultSchema = z
  .object({ acknowledged: z.literal(true), deletedCount: z.number().int() })
  .meta({ id: 'DeleteResult' });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

/** `POST /api/order`: the insert result plus the order as placed (its bill, from the server). */
export const placedOrderSchema = insertResultSchema
  .extend({ order: orderSchema })
  .meta({ id: 'PlacedOrder' });

/** `PATCH /api/order/:id/status`. */
export const orderStatusResultSchema = updateResultSchema
  .extend({ order: orderSchema })
  .meta({ id: 'OrderStatusResult' });

/** The order detail and Payment page: the order with its history, how to pay, and the seller. */
export const orderPaymentSchema = z
  .object({
    order: orderDetailSchema,
    instructions: z.string(),
    cardPayments: z.boolean(),
    seller: sellerSchema,
  })
  .meta({ id: 'OrderPayment' });

export const signInResponseSchema = z
  .object({
    result: z.object({ acknowledged: z.literal(true), created: z.boolean(), user: userSchema }),
    token: z.string(),
  })
  .meta({ id: 'SignInResponse' });

/** `POST /api/session/refresh`: a new API token for the same sign-in (decision 028). */
export const sessionTokenSchema = z.object({ token: z.string() }).meta({ id: 'SessionToken' });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** `POST /api/session/end`: every API token of the account stopped working. */
export const sessionEndedSchema = z.object({ acknowledged: z.literal(true) }).meta({ id: 'SessionEnded' });
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export const adminStatusSchema = z.object({ admin: z.boolean() }).meta({ id: 'AdminStatus' });

/** My Profile rename: the account as it is now, and a token carrying the new name. */
export const profileResultSchema = z
  .object({ user: userSchema, token: z.string() })
  .meta({ id: 'ProfileResult' });

export const healthSchema = z
  .object({
    status: z.string(),
    database: z.string().optional(),
    /** With REDIS_URL: `ok` or `unreachable` (sign-in limits then counted per instance). */
    redis: z.string().optional(),
    message: z.string().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: 'Health' });

/** The image-host protocol (`POST /api/image`): success carries the URLs, failure a status and message. */
export const imageUploadedSchema = z
  .object({
    success: z.literal(true),
    status: z.number().int(),
    data: z.object({ url: z.string(), thumb: z.string() }),
  })
  .meta({ id: 'ImageUploaded' });
export const imageRefusedSchema = z
  .object({
    success: z.literal(false),
    status_code: z.number().int(),
    message: z.string(),
    error: z.object({ message: z.string() }),
  })
  .meta({ id: 'ImageRefused' });

/**
 * An e-mail the store wrote to `DATA_DIR/outbox/` because no SMTP server is configured: what a
 * trial store would have sent. `id` is the file's name.
 */
export const outboxEmailSchema = z
  .object({
    id: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    date: z.string(),
    text: z.string(),
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
