import { z } from 'zod';
import { validationMessages as m } from '../messages.js';
import { displayNameSchema } from './auth.js';
import { emailSchema, plainText } from './common.js';
import { addressSchema, phoneSchema } from './order.js';

export const roleSchema = z.enum(['admin', 'customer']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({ email: emailSchema, name: z.string(), role: roleSchema });
export type User = z.infer<typeof userSchema>;

/**
 * A row of the Users page (`GET /api/user`): an admin whose e-mail is not verified holds the role
 * but not its powers yet (DESIGN §7.2), and the page says so.
 */
export const listedUserSchema = userSchema.extend({ emailVerified: z.boolean() });
export type ListedUser = z.infer<typeof listedUserSchema>;

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
  .refine(plainText(), m.companyNameInvalid);

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
  /** The store's view; an admin role without it has no admin powers yet (DESIGN §7.2). */
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  /** Each of My Profile's defaults, else the one of the customer's last order; null without either. */
  checkout: z.object({ phone: z.string().nullable(), address: z.string().nullable() }),
});
export type Profile = z.infer<typeof profileSchema>;
