/**
 * The API's answers the web app reads, by the names packages/shared gives them. The client loads
 * this module with the first answer rather than before the first paint, so zod and these schemas
 * stay out of the entry bundle.
 */
import {
  adminStatusSchema,
  apiErrorSchema,
  blockedEmailSchema,
  creditLimitResultSchema,
  deleteResultSchema,
  imageRefusedSchema,
  imageUploadedSchema,
  insertResultSchema,
  orderPaymentSchema,
  orderSchema,
  orderStatusResultSchema,
  outboxEmailSchema,
  partSchema,
  placedOrderSchema,
  profileResultSchema,
  profileSchema,
  reviewSchema,
  sessionEndedSchema,
  sessionTokenSchema,
  signInResponseSchema,
  updateResultSchema,
  userListItemSchema,
  userSchema,
} from '@store/shared';
import { z } from 'zod';

/** The answer as `schema` reads it, or the zod issues that say how it breaks the contract. */
export function check<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return z.safeParse(schema, value);
}

/** A list's items, each as `item` reads it. */
export function checkList<S extends z.ZodType>(item: S, value: unknown): z.ZodSafeParseResult<z.output<S>[]> {
  return z.safeParse(z.array(item), value);
}

/** By name, so a call names its answer and gets that schema's type. */
export const answers = {
  adminStatusSchema,
  blockedEmailSchema,
  creditLimitResultSchema,
  deleteResultSchema,
  imageUploadedSchema,
  insertResultSchema,
  orderPaymentSchema,
  orderSchema,
  orderStatusResultSchema,
  outboxEmailSchema,
  partSchema,
  placedOrderSchema,
  profileResultSchema,
  profileSchema,
  reviewSchema,
  sessionEndedSchema,
  sessionTokenSchema,
  signInResponseSchema,
  updateResultSchema,
  userListItemSchema,
  userSchema,
};

/** Errors: ours, and those of other image hosts speaking spec §7. */
export { apiErrorSchema, imageRefusedSchema };
