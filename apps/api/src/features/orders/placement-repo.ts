import type { LineProblemCode, TaxRule } from '@store/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { LOCK_SPACES } from '../../db/locks.js';
import { rowsOf } from '../../db/rows.js';
import { orderLines, orders } from '../../db/schema.js';

/**
 * The placement's calls (placement.sql, decision 045): one order is the function `place_order`,
 * called in autocommit, so the call is its own transaction: the customer's lock, the key's
 * look-up, the caps, every line judged (`line_verdict`) and priced, the order with its lines,
 * history entry and `order-event` job, the stock last. It answers what happened, a refusal with a
 * verdict per refused line; the service words it (refusals.ts). How calls are batched and retried
 * is db/batched-calls.ts's.
 */

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** A line as asked: the part by id or SKU, and a quantity. */
export interface AskedLine {
  partId?: string | undefined;
  sku?: string | undefined;
  quantity: number;
}

/**
 * A line the placement refused, as `line_verdict` judged it: 'unknown' names no part (as the
 * customer named it); any other verdict comes with the figures it was judged on.
 */
export type RefusedLineVerdict =
  | { verdict: 'unknown'; partId: string | null; sku: string | null; quantity: number }
  | {
      verdict: LineProblemCode;
      partId: string;
      sku: string;
      quantity: number;
      listed: boolean;
      minOrderQuantity: number;
      orderMultiple: number;
      availableQuantity: number;
    };

export interface PlacementRequest {
  email: string;
  userName: string;
  phone: string;
  address: string;
  poReference: string | null;
  idempotencyKey: string | undefined;
  /** Kept with the key: a repeat with another body is refused. */
  idempotencyHash: string | undefined;
  /** Undefined: the customer's cart, emptied by the order. */
  lines: AskedLine[] | undefined;
}

/** The store's rules the placement applies (the service's settings and the shared constants). */
export interface PlacementRules {
  maxOpenOrders: number;
  /** The credit limit of an account without its own, in cents. */
  defaultLimitCents: number;
  keyLifetimeSeconds: number;
  maxLines: number;
  bulk: { percentPerStep: number; unitsPerStep: number; maxPercent: number };
  /** The tax rule (line_bill, decision 053). */
  tax: TaxRule;
}

/** Where the placement writes its `order-event` job: pg-boss's schema; undefined, no queue. */
export interface PlacementJob {
  schema: string;
  name: string;
}

export type Placement =
  | { outcome: 'placed' | 'replayed'; order: OrderRow; lines: OrderLineRow[] }
  | { outcome: 'too-many-open' | 'empty' | 'too-many-lines' }
  /** Every refused line, in the order asked. */
  | { outcome: 'refused'; lines: RefusedLineVerdict[] }
  /** `totalCents`: the unpaid orders with this one. */
  | { outcome: 'over-limit'; totalCents: number; limitCents: number };

/**
 * Another request under the same customer and idempotency key committed its order first: its
 * insert met the unique index, and the call that tried changed nothing.
 */
export class IdempotencyKeyTaken extends Error {
  constructor(options?: ErrorOptions) {
    super('the idempotency key is taken', options);
  }
}

const IDEMPOTENCY_INDEX = 'orders_idempotency_idx';

/**
 * A row the function answered as JSON (`to_jsonb`: columns by their SQL names, timestamps as
 * ISO text), as Drizzle would have read it from the table: each column's own mapping.
 */
function fromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  // Each column mapped by its own Drizzle column, as a select from the table would: the row is
  // the table's, which the compiler cannot follow through the loop.
  return row as T['$inferSelect'];
}

/** Order lines as `to_jsonb` gives them (a JSON aggregate of `order_lines` rows). */
export const linesFromJson = (lines: Record<string, unknown>[]): OrderLineRow[] =>
  lines.map((line) => fromJson(orderLines, line));

const jsonRow = z.record(z.string(), z.unknown());
const count = z.coerce.number().int();

/**
 * The function's answer (jsonb arrives parsed from both drivers, text from neither), checked as
 * it is read: an outcome this store does not know is a mismatch with its migration, not a cast.
 */
const placementAnswer = z.union([
  z.object({ outcome: z.enum(['placed', 'replayed']), order: jsonRow, lines: z.array(jsonRow) }),
  z.object({ outcome: z.enum(['too-many-open', 'empty', 'too-many-lines']) }),
  z.object({
    outcome: z.literal('refused'),
    lines: z.array(
      z.union([
        z.object({
          verdict: z.literal('unknown'),
          partId: z.coerce.string().nullable(),
          sku: z.coerce.string().nullable(),
          quantity: count,
        }),
        z.object({
          verdict: z.enum(['below-minimum', 'not-multiple', 'over-stock', 'unavailable']),
          partId: z.coerce.string(),
          sku: z.coerce.string(),
          quantity: count,
          listed: z.boolean(),
          minOrderQuantity: count,
          orderMultiple: count,
          availableQuantity: count,
        }),
      ]),
    ),
  }),
  z.object({ outcome: z.literal('over-limit'), totalCents: count, limitCents: count }),
]);

function readPlacement(raw: unknown): Placement {
  const answer = placementAnswer.parse(raw);
  switch (answer.outcome) {
    case 'placed':
    case 'replayed':
      return {
        outcome: answer.outcome,
        order: fromJson(orders, answer.order),
        lines: linesFromJson(answer.lines),
      };
    default:
      return answer;
  }
}

/**
 * One call of a placement function (in autocommit: its own transaction), with the store's lock
 * spaces added to its rules; its jsonb answer, which arrives parsed from both drivers.
 */
async function callPlacement(
  db: Database,
  fn: 'place_order' | 'place_orders',
  request: unknown,
  rules: Record<string, unknown>,
): Promise<unknown> {
  const locks = { openOrders: LOCK_SPACES.openOrders, cart: LOCK_SPACES.cart };
  const result = await db.execute(
    sql`select ${sql.raw(fn)}(${JSON.stringify(request)}::jsonb, ${JSON.stringify({ ...rules, locks })}::jsonb) as placed`,
  );
  const [row] = rowsOf(result);
  return typeof row?.placed === 'string' ? JSON.parse(row.placed) : row?.placed;
}

const batchAnswer = z.array(
  z.union([
    z.object({ outcome: z.literal('placed'), order: jsonRow, lines: z.array(jsonRow) }),
    z.object({ outcome: z.literal('single') }),
  ]),
);

/**
 * Several customers' orders in one call and one transaction (`place_orders`, decision 058): the
 * plain ones placed there, undefined for each the database leaves to be placed alone (with
 * `placeOrder`). Requests name their lines (never a cart) and are of distinct customers. What
 * follows a failed call is db/batched-calls.ts's retry policy.
 */
export async function placeOrders(
  db: Database,
  requests: PlacementRequest[],
  rules: PlacementRules,
  job: PlacementJob | undefined,
): Promise<(Placement | undefined)[]> {
  const answers = batchAnswer.parse(await callPlacement(db, 'place_orders', requests, { ...rules, job }));
  return answers.map((answer) =>
    answer.outcome === 'placed'
      ? { outcome: 'placed', order: fromJson(orders, answer.order), lines: linesFromJson(answer.lines) }
      : undefined,
  );
}

/**
 * One order in one call, one round trip, one transaction (`place_order`). The stock is taken
 * last, where each part is still what its line was priced on (decision 058); if one changed
 * meanwhile the call fails with ROW_CHANGED and wrote nothing. With `lockFirst` the call locks
 * the parts before reading them, and answers with what they are then.
 */
export async function placeOrder(
  db: Database,
  request: PlacementRequest,
  rules: PlacementRules,
  job: PlacementJob | undefined,
  { lockFirst }: { lockFirst: boolean },
): Promise<Placement> {
  try {
    return readPlacement(await callPlacement(db, 'place_order', request, { ...rules, job, lockFirst }));
  } catch (error) {
    if (request.idempotencyKey && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      throw new IdempotencyKeyTaken({ cause: error });
    }
    throw error;
  }
}
