import type { TaxRule } from '@store/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { failedWith, isDatabaseUnavailable, isUniqueViolation } from '../../db/errors.js';
import { LOCK_SPACES } from '../../db/locks.js';
import { rowsOf } from '../../db/rows.js';
import { orderLines, orders } from '../../db/schema.js';

/**
 * Placing an order in ONE round trip (decision 045): the whole placement is the function
 * `place_order` (migration 0019), called in autocommit, so the call is its own transaction: the
 * customer's lock, the key's look-up, the caps, the stock of every line, the order with its lines,
 * history entry and `order-event` job. It answers what happened; the service turns a refusal into
 * the answer the customer gets.
 */

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** A line as asked: the part by id or SKU, and a quantity. */
export interface AskedLine {
  partId?: string | undefined;
  sku?: string | undefined;
  quantity: number;
}

/** A part as a refused placement found it, locked: its rules and its stock then. */
export interface LinePart {
  id: string;
  sku: string;
  name: string;
  minOrderQuantity: number;
  orderMultiple: number;
  availableQuantity: number;
  listed: boolean;
}

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
  /** A multi-line order's name, with `{first}` and `{more}` to fill in (orderMessages). */
  moreName: string;
}

/** Where the placement writes its `order-event` job: pg-boss's schema; undefined, no queue. */
export interface PlacementJob {
  schema: string;
  name: string;
}

export type Placement =
  | { outcome: 'placed' | 'replayed'; order: OrderRow; lines: OrderLineRow[] }
  | { outcome: 'too-many-open' | 'empty' | 'too-many-lines' }
  /** `short`: the parts whose stock or rules refused their line, judged on the locked rows. */
  | { outcome: 'refused'; asked: AskedLine[]; parts: LinePart[]; short: string[] }
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
    asked: z.array(
      z.object({ partId: z.coerce.string().nullish(), sku: z.coerce.string().nullish(), quantity: count }),
    ),
    parts: z.array(
      z.object({
        id: z.coerce.string(),
        sku: z.coerce.string(),
        name: z.coerce.string(),
        minOrderQuantity: count,
        orderMultiple: count,
        availableQuantity: count,
        listed: z.boolean(),
      }),
    ),
    short: z.array(z.coerce.string()),
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
    case 'refused':
      return {
        ...answer,
        asked: answer.asked.map(({ partId, sku, quantity }) => ({
          ...(partId != null && { partId }),
          ...(sku != null && { sku }),
          quantity,
        })),
      };
    default:
      return answer;
  }
}

/**
 * Tells every instance's read cache that parts changed (`announce_parts_changed`, migration
 * 0019) after placements, which leave that to the store: their commits then take no
 * database-wide NOTIFY lock (decision 045). One announcement at a time; those asked for while it
 * runs are made by one more after it, so a burst of orders costs two, and the last order of a
 * burst is always announced after its commit. This instance's own cache forgot its answers
 * already (the order routes are writes, lib/read-cache/remember.ts).
 */
export function partsAnnouncer(db: Database): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    running = true;
    db.execute(sql`select announce_parts_changed()`)
      // A database that cannot be reached also drops every LISTEN connection, and the caches
      // empty themselves until they listen again (lib/read-cache/cache.ts): nothing is lost.
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}

/**
 * `place_order` failed with this SQLSTATE: a part changed between its reading and its stock being
 * taken (migration 0028), and the call undid everything it wrote.
 */
const PART_CHANGED = 'SR409';
/**
 * One call, one round trip, one transaction: the placement as `place_order` does it. The stock is
 * taken last, where each part is still what its line was priced on (decision 058); in the rare
 * case one changed meanwhile, the second call locks the parts before reading them, and answers
 * with what they are then (a refusal, or the order at the new figures).
 */
export async function placeOrder(
  db: Database,
  request: PlacementRequest,
  rules: PlacementRules,
  job: PlacementJob | undefined,
): Promise<Placement> {
  try {
    return await callPlaceOrder(db, request, rules, job, false);
  } catch (error) {
    if (!failedWith(error, PART_CHANGED)) throw error;
    return callPlaceOrder(db, request, rules, job, true);
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
 * `placeOrder`). Requests name their lines (never a cart) and are of distinct customers
 * (placement-batch.ts).
 *
 * One customer's trouble never fails another's order: when the database refuses the call (a
 * part changed meanwhile, a deadlock, a serialization failure, or any one order's data it cannot
 * take), the call was one statement in autocommit and wrote nothing, so every order of the batch
 * is left to be placed alone, where a failure is that order's answer only. A database that cannot
 * be reached is the one error passed on: the call may have committed before the connection was
 * lost, and placing its orders again could place them twice.
 */
export async function placeOrders(
  db: Database,
  requests: PlacementRequest[],
  rules: PlacementRules,
  job: PlacementJob | undefined,
): Promise<(Placement | undefined)[]> {
  let raw: unknown;
  try {
    raw = await callPlacement(db, 'place_orders', requests, { ...rules, job });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    return requests.map(() => undefined);
  }
  const answers = batchAnswer.parse(raw);
  if (answers.length !== requests.length) throw new Error('place_orders answered another number of orders');
  return answers.map((answer) =>
    answer.outcome === 'placed'
      ? { outcome: 'placed', order: fromJson(orders, answer.order), lines: linesFromJson(answer.lines) }
      : undefined,
  );
}

async function callPlaceOrder(
  db: Database,
  request: PlacementRequest,
  rules: PlacementRules,
  job: PlacementJob | undefined,
  lockFirst: boolean,
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
