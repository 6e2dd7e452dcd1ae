import { z } from 'zod';
import { auditEntrySchema, auditFilterSchema, auditQuerySchema } from '../schemas/audit.js';
import { type FeatureContract, invalid, route } from './define.js';
import { routeTable } from './route-table.js';

const filters =
  '`actor` (an admin’s e-mail), `action`, `targetType` with `targetId` (the target’s id, or an order’s number `PD-100001`, a part’s SKU, a user’s e-mail), and `from`/`to` (a day, or an instant with its offset, of the years 2000 to 9999; `to` excluded, a day counted to its end, and after `from`) narrow the log. A bad filter is a 400 naming it, before anything is read.';

export const audit = {
  list: route(routeTable.audit.list, {
    summary: 'The audit trail: every admin action, newest first',
    description: `Each entry: when, who, the action, its target (type, id and the label it had then) and the fields it changed, \`before\` and \`after\`. ${filters} Keyset pages: follow \`X-Next-Cursor\` (or \`Link: rel="next"\`); the total is counted up to 1,000 (\`X-Total-Count-Capped\` past it). Entries are never updated or deleted.`,
    query: auditQuerySchema,
    responses: {
      200: { description: 'A page of entries.', schema: z.array(auditEntrySchema) },
      400: invalid,
    },
  }),
  csv: route(routeTable.audit.csv, {
    summary: 'The audit trail as CSV, for spreadsheets',
    description: `The same filters as the list, every matching entry, newest first. UTF-8 with a byte-order mark; a cell that begins with \`=\`, \`+\`, \`-\` or \`@\` is made inert.`,
    query: auditFilterSchema,
    responses: { 200: { description: 'The entries (text/csv).' }, 400: invalid },
  }),
} satisfies FeatureContract<'audit'>;
