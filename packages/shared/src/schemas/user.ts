import { z } from 'zod';
import { displayNameSchema } from './auth.js';
import { emailSchema } from './common.js';

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
