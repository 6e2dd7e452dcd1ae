import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { auditMessages as m } from '../messages/audit.js';
import { validationMessages } from '../messages/validation.js';
import { idSchema, plainText } from './common.js';
import { orderedRange, rangeEdgeSchema } from './date-range.js';

/**
 * The audit trail: what each admin action is called. A feature that adds an admin
 * action adds its name here (and its words in messages/audit.ts), then records it through the
 * API's audit service in the action's own transaction.
 */
export const auditActions = [
  'part.add',
  'part.edit',
  'part.stock',
  'part.delete',
  'image.upload',
  'order.move',
  'order.cancel',
  'payment.refund',
  'payment.refund-asked',
  'review.remove',
  'user.role',
  'user.credit-limit',
  'user.remove',
  'user.restore',
  'admin.sign-in',
  'category.add',
  'category.edit',
  'category.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an action acts on. */
export const auditTargetTypes = ['part', 'image', 'order', 'review', 'user', 'category'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The fields an action changed, as the API names them (never a password, token or image bytes). */
const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: idSchema,
  /** When the action's transaction began (ISO 8601). */
  at: z.string(),
  /** Who: the admin's e-mail. */
  actor: z.string(),
  action: z.enum(auditActions),
  target: z.object({
    type: z.enum(auditTargetTypes),
    id: z.string(),
    /** What a person recognises it by (a part's name, an order's number), as it was then. */
    label: z.string(),
  }),
  before: fieldsSchema,
  after: fieldsSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Where a page of the log ends: the last entry's time in microseconds since 1970 (exact, where a
 * Date keeps milliseconds) and its id, as base64url of `[micros, id]`. Opaque to clients.
 */
export interface AuditCursor {
  micros: string;
  id: string;
}

declare const btoa: (text: string) => string;
declare const atob: (text: string) => string;

export const encodeAuditCursor = ({ micros, id }: AuditCursor): string =>
  btoa(JSON.stringify([micros, id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const cursorTuple = z.tuple([z.string().regex(/^(0|[1-9]\d{0,17})$/), idSchema]);

function decodeCursor(text: string): AuditCursor | undefined {
  try {
    const parsed = cursorTuple.safeParse(JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/'))));
    if (!parsed.success) return undefined;
    const [micros, id] = parsed.data;
    // Past the year 9999 a timestamp cannot hold it: a bad cursor, never a failed query.
    return BigInt(micros) <= 253_402_300_799_999_999n ? { micros, id } : undefined;
  } catch {
    return undefined;
  }
}

const auditCursorSchema = z
  .string()
  .max(200, validationMessages.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, validationMessages.cursorInvalid)
  .transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: validationMessages.cursorInvalid });
      return z.NEVER;
    }
    return cursor;
  });

/** A filter left out is no filter (the Audit log page sends only the fields filled in). */
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

/** What the log and its CSV are filtered by; every filter is one index range (migration 0021). */
const filterShape = {
  actor: optional(
    z.string().trim().toLowerCase().max(254, m.actorInvalid).refine(plainText(), m.actorInvalid),
  ),
  action: optional(z.enum(auditActions, { error: m.actionInvalid })),
  targetType: optional(z.enum(auditTargetTypes, { error: m.targetTypeInvalid })),
  targetId: optional(z.string().trim().max(254, m.targetIdInvalid).refine(plainText(), m.targetIdInvalid)),
  /** From this instant on (a day: from its start); a day or an instant with its offset, 2000 to 9999. */
  from: optional(rangeEdgeSchema('from')),
  /** Before this instant (a day: to its end). */
  to: optional(rangeEdgeSchema('to')),
};

type FilterFields = {
  targetId?: string | undefined;
  targetType?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/** A target id names a row of one type; a range ends after it starts. */
const consistent = <T extends z.ZodType<FilterFields>>(schema: T) =>
  orderedRange(
    schema.refine((f) => !(f.targetId && !f.targetType), {
      message: m.targetIdNeedsType,
      path: ['targetId'],
    }),
  );

export const auditFilterSchema = consistent(z.object(filterShape));
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** A page of the log: newest first, `limit` entries after `cursor` (the previous page's last). */
export const auditQuerySchema = consistent(
  z.object({
    ...filterShape,
    cursor: optional(auditCursorSchema),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(25),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
