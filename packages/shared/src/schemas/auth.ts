import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { validationMessages as m } from '../messages/index.js';
import { BIDI_CONTROLS, emailSchema, plainText } from './common.js';

const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, m.passwordTooShort);

/** A person's name as the store shows it: on reviews, orders, invoices and e-mails. */
export const MAX_NAME_LENGTH = 120;

export const displayNameSchema = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(MAX_NAME_LENGTH, m.nameTooLong)
  .refine((name) => plainText()(name) && !BIDI_CONTROLS.test(name), m.nameInvalid);

/** Terminal escape sequences (CSI: `ESC [ … letter`), dropped whole rather than leaving `[31m`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ESC is the point.
const ANSI_SEQUENCES = /\u001b\[[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /\p{Cc}/gu;
const BIDI_ALL = new RegExp(BIDI_CONTROLS.source, 'gu');

function cleanName(raw: string): string {
  const text = raw.replace(ANSI_SEQUENCES, '').replace(BIDI_ALL, '').replace(CONTROLS, ' ');
  const words = text.replace(/\s+/gu, ' ').trim();
  if (words.length <= MAX_NAME_LENGTH) return words;
  // The schema counts UTF-16 units: stop before the unit limit, never inside a surrogate pair.
  let cut = words.slice(0, MAX_NAME_LENGTH);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/**
 * The name an identity provider gives an account (Firebase's display name: whatever its client
 * set), made to follow the rules My Profile applies (displayNameSchema) instead of refused,
 * since the person never typed it into our form: line breaks, tabs and other controls become
 * spaces, terminal escapes and bidirectional overrides go, and it is cut to 120. When nothing is
 * left, the e-mail's local part names them.
 */
export function providerDisplayName(raw: unknown, email: string): string {
  const name = typeof raw === 'string' ? cleanName(raw) : '';
  if (name) return name;
  const at = email.lastIndexOf('@');
  return cleanName(at > 0 ? email.slice(0, at) : email) || email.slice(0, MAX_NAME_LENGTH);
}

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;
