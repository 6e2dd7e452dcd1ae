import { z } from 'zod';
import { validationMessages as m } from '../messages/index.js';
import { displayNameSchema } from './auth.js';
import { BIDI_CONTROLS, emailSchema, hasAtMostTwoDecimals, plainText } from './common.js';
import { addressSchema, phoneSchema } from './order.js';

export const roleSchema = z.enum(['admin', 'customer']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({ email: emailSchema, name: z.string(), role: roleSchema });
export type User = z.infer<typeof userSchema>;

/** The highest credit limit an admin may set, in dollars. */
export const MAX_CREDIT_LIMIT = 100_000_000;

/**
 * `GET /api/user` (admins): each user with the credit limit that applies to them, their own or
 * the store's MAX_UNPAID_TOTAL (`customCreditLimit` false), in dollars.
 */
export const userListItemSchema = userSchema.extend({
  creditLimit: z.number(),
  customCreditLimit: z.boolean(),
  /**
   * An admin whose e-mail is not verified holds the role but not its powers yet
   * (docs/architecture.md, 'Admin powers').
   */
  emailVerified: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * `PUT /api/user/credit-limit/:email`: the most the user's unpaid orders may total, in dollars
 * with at most 2 decimals (stored as exact cents); null gives them the store's default again.
 */
export const creditLimitInputSchema = z.object({
  creditLimit: z
    .number({
      error: (issue) => (issue.input === undefined ? m.creditLimitRequired : m.creditLimitNumber),
    })
    .min(0, m.creditLimitNegative)
    .max(MAX_CREDIT_LIMIT, m.creditLimitTooHigh)
    .refine(hasAtMostTwoDecimals, m.creditLimitCents)
    .nullable(),
});
export type CreditLimitInput = z.infer<typeof creditLimitInputSchema>;

export const creditLimitResultSchema = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
  user: userListItemSchema,
});
export type CreditLimitResult = z.infer<typeof creditLimitResultSchema>;

/** My Profile: the only thing a user edits about themselves. */
export const profileUpdateSchema = z.object({ name: displayNameSchema });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `PUT /api/user/:email`: the name chosen at registration, when there is one. */
export const signInBodySchema = z.object({ name: displayNameSchema.optional() });
export type SignInBody = z.infer<typeof signInBodySchema>;

/** `GET /api/users/blocked`: a removed user's e-mail, refused at sign-in until restored. */
export const blockedEmailSchema = z.object({
  email: z.string(),
  /** The admin who removed them. */
  blockedBy: z.string(),
  blockedAt: z.string(),
});
export type BlockedEmail = z.infer<typeof blockedEmailSchema>;

/** What `PUT /api/user/:email` answers: the account and our API token. */
export interface SignInResponse {
  result: { acknowledged: true; created: boolean; user: User };
  token: string;
}

/** A business's name as its invoices print it. */
export const companyNameSchema = z
  .string()
  .trim()
  .min(1, m.companyNameInvalid)
  .max(120, m.companyNameTooLong)
  // It is printed on invoices: a direction override (U+202E) would make it read as another name.
  .refine((name) => plainText()(name) && !BIDI_CONTROLS.test(name), m.companyNameInvalid);

/** EU and most other VAT/tax numbers: letters and digits, with the spaces, dots and dashes people type. */
export const vatNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,18}[A-Za-z0-9]$/, m.vatNumberInvalid);

/**
 * `PUT /api/profile/defaults` (My Profile): what checkout starts from and invoices name. Each is
 * optional (null or absent clears it); phone and address follow the order form's rules.
 */
export const profileDefaultsSchema = z
  .object({
    phone: phoneSchema.nullable().optional(),
    address: addressSchema.nullable().optional(),
    companyName: companyNameSchema.nullable().optional(),
    vatNumber: vatNumberSchema.nullable().optional(),
  })
  .refine((p) => !p.vatNumber || !!p.companyName, { path: ['vatNumber'], error: m.vatNumberWithoutCompany });
export type ProfileDefaults = z.infer<typeof profileDefaultsSchema>;

/** `GET /api/profile`: the caller's account and defaults, and what checkout starts from. */
export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /**
   * The store's view; an admin role without it has no admin powers yet (docs/architecture.md,
   * 'Admin powers').
   */
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** Each of My Profile's defaults, else the one of the customer's last order; null without either. */
  checkout: z.object({ phone: z.string().nullable(), address: z.string().nullable() }),
  /**
   * In currency units: the most the caller's unpaid orders may total (their own credit limit, else
   * MAX_UNPAID_TOTAL) and what they total now, so the cart can warn before a checkout is refused.
   */
  credit: z.object({ limit: z.number(), unpaid: z.number() }),
});
export type Profile = z.infer<typeof profileSchema>;
