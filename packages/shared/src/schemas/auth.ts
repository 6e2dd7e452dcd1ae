import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { validationMessages as m } from '../messages.js';
import { emailSchema, plainText } from './common.js';

const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, m.passwordTooShort);

export const displayNameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(120, m.nameTooLong)
  .refine(plainText(), m.nameInvalid);

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;
