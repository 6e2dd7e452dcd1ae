import { z } from 'zod';
import { MAX_PAGE, PAGE_SIZE } from '../constants.js';
import { validationMessages as m } from '../messages/index.js';

/** Opaque ids are UUIDs; anything else can never name a row (so the API answers 404). */
export const idSchema = z.uuid();

/** Control characters (Unicode Cc: C0, DEL, C1), NUL among them, which PostgreSQL cannot store. */
const CONTROL_CHARS = /\p{Cc}/u;
/** The same less tab, line feed and carriage return, which a multi-line text may hold. */
const CONTROL_CHARS_BESIDES_LINES = /[^\P{Cc}\t\n\r]/u;
/**
 * Code points no text should carry: a surrogate half without its partner (JSON's `"\ud800"`
 * parses to one, and no UTF-8 can encode it, so PostgreSQL refuses the whole statement that
 * holds it) and the 66 noncharacters (U+FFFE, U+FDD0…), which Unicode reserves for a program's
 * own use and never for interchange.
 */
const UNENCODABLE = /\p{Cs}|\p{Noncharacter_Code_Point}/u;

/** Text that UTF-8 can carry and that names nothing but characters. */
export const encodableText = (text: string) => !UNENCODABLE.test(text);

/**
 * The refinement every text input goes through: `.refine(plainText(), message)`, or with
 * `{ multiline: true }` for texts typed in a textarea. It refuses control characters and
 * whatever `encodableText` refuses.
 */
export const plainText =
  ({ multiline = false }: { multiline?: boolean } = {}) =>
  (text: string) =>
    !(multiline ? CONTROL_CHARS_BESIDES_LINES : CONTROL_CHARS).test(text) && encodableText(text);

/**
 * Bidirectional formatting characters (U+202E and its kin): invisible, they reorder what
 * follows, so a name or an address shows other than it is (`evil\u202Etxt.exe`).
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A simple e-mail pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * RFC 5322's specials but `@` and `.`: legal in an address only quoted, which no real mailbox
 * needs, and each makes a mail library read one address as others: `a,b@x` is two recipients,
 * `<root>x@x` is the local `root`, `ops:b@x` a group, `a(root)@x` a comment.
 */
const ADDRESS_SPECIALS = /[()<>[\]:;\\,"]/;

/** Trimmed and lower-cased, as e-mails are stored and compared everywhere. */
export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .refine((email) => !ADDRESS_SPECIALS.test(email) && !BIDI_CONTROLS.test(email), m.emailInvalid)
  .refine(plainText(), m.emailInvalid);

/** Query-string pagination: values arrive as strings; repeated keys arrive as arrays and fail. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Up to two decimals, checked on integer hundredths so 0.1 + 0.2 style float noise is ignored. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
