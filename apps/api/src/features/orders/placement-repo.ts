import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, orderLines, orders, parts, users } from '../../db/schema.js';

/**
 * Placing an order in fewer round trips (decision 044): each statement to PostgreSQL costs the
 * store a write, a read and a parse whatever it does, and under load those round trips, not
 * PostgreSQL, are what an order costs. These combine the statements of a placement that need no
 * answer from each other, and keep its rules (caps, prices, all or nothing) in the service.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** The advisory lock's key for a customer's open orders (the same as `lockCustomer`'s). */
export const customerLockKey = (email: string) => `open-orders:${email}`;

/**
 * Takes the customer's lock and, in the same statement, looks up their order under `key`. The
 * look-up reads as of the statement's start, as a look-up before the lock did: an order placed
 * under the same key while this waited for the lock is met by the unique index on insert instead
 * (IdempotencyKeyTaken). What is counted under the lock (the open orders) is read by a LATER
 * statement, which sees everything committed before the lock was granted.
 */
export async function lockAndFindByKey(
  tx: Transaction,
  email: string,
  key: string | undefined,
): Promise<{ order: OrderRow; ageSeconds: number } | undefined> {
  const lock = sql`pg_advisory_xact_lock(hashtext(${customerLockKey(email)}))`;
  if (!key) {
    await tx.execute(sql`select ${lock}`);
    return undefined;
  }
  // The lock's one-row relation on the right of a right join: it is read whether or not an
  // order matches, so the lock is always taken.
  const [row] = await tx
    .select({
      order: orders,
      ageSeconds: sql<string | null>`extract(epoch from now() - ${orders.createdAt})`,
    })
    .from(orders)
    .rightJoin(
      sql`(select ${lock}) as customer_lock`,
      and(eq(orders.email, email), eq(orders.idempotencyKey, key)),
    )
    .limit(1);
  // No order under the key: the right join's row of nulls (its age is null too).
  return row?.order && row.ageSeconds !== null
    ? { order: row.order, ageSeconds: Number(row.ageSeconds) }
    : undefined;
}

/** An order as the service priced it, with what the stock it took said of its first part. */
export type PlacedOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'companyName' | 'vatNumber'>;
/** A line of the order, without the order's id (made here). */
export type PlacedLine = Omit<OrderLineRow, 'orderId'>;

/**
 * Inserts the order, all its lines and its first history entry (status `unpaid`, by `by`) in ONE
 * statement: the ids are made here, so the three need nothing from each other (the foreign keys
 * of the lines and the entry are checked at the end of the statement, when the order is there).
 * The entry's time is `now()`, the transaction's start, which is also the order's `updated_at`.
 * Answers the order row, its lines and the entry's id (for the `order-event` job).
 */
export async function insertPlaced(
  tx: Transaction,
  placed: { order: PlacedOrder; lines: PlacedLine[]; by: string },
): Promise<{ order: OrderRow; lines: OrderLineRow[]; eventId: string }> {
  const orderId = randomUUID();
  const eventId = randomUUID();
  const lines: OrderLineRow[] = placed.lines.map((line) => ({ ...line, orderId }));
  const { email } = placed.order;
  const linesInserted = tx
    .$with('placed_lines')
    .as(tx.insert(orderLines).values(lines).returning({ orderId: orderLines.orderId }));
  const eventInserted = tx
    .$with('placed_event')
    .as(
      tx
        .insert(orderEvents)
        .values({ id: eventId, orderId, status: 'unpaid', by: placed.by, at: sql`now()` })
        .returning({ id: orderEvents.id }),
    );
  const [order] = await tx
    .with(linesInserted, eventInserted)
    .insert(orders)
    .values({
      ...placed.order,
      id: orderId,
      status: 'unpaid',
      // The buyer's company and VAT number as My Profile has them now: the invoice keeps them.
      companyName: sql`(select ${users.companyName} from ${users} where ${users.email} = ${email})`,
      vatNumber: sql`(select ${users.vatNumber} from ${users} where ${users.email} = ${email})`,
    })
    .returning();
  if (!order) throw new Error('The order insert returned no row');
  return { order, lines, eventId };
}

/** Both drivers answer raw SQL with the rows under `rows` (node-postgres' and PGlite's results). */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The customer's unpaid orders (how many, what they total, the account's own credit limit) and
 * the single-line order's stock taken, in ONE statement, after `lockAndFindByKey` took the lock
 * (so the count sees every order committed before it). The update is the conditional one of
 * `takeStock` (listed, enough stock, at least the minimum, whole packs): `part` is undefined when
 * nothing was taken. The caller refuses an order over a cap by throwing, which rolls the update
 * back with the rest.
 */
export async function openOrdersAndTakeStock(
  tx: Transaction,
  email: string,
  take: { partId: string; quantity: number },
): Promise<{
  open: { count: number; heldCents: number; ownLimitCents: number | null };
  part: { sku: string; name: string; priceCents: number; bulkDiscount: boolean } | undefined;
}> {
  const q = sql`${take.quantity}::integer`;
  const result = await tx.execute(sql`
    with taken as (
      update ${parts} p set available_quantity = p.available_quantity - ${q}
      where p.id = ${take.partId}
        and p.deleted_at is null
        and p.available_quantity >= ${q}
        and p.min_order_quantity <= ${q}
        and ${q} % p.order_multiple = 0
      returning p.sku, p.name, p.price_cents, p.bulk_discount
    ),
    open as (
      select count(*) as n, coalesce(sum(o.total_cents), 0) as held
      from ${orders} o where o.email = ${email} and o.status = 'unpaid'
    )
    select open.n, open.held,
      (select u.credit_limit_cents from ${users} u where u.email = ${email}) as own_limit,
      taken.sku, taken.name, taken.price_cents, taken.bulk_discount
    from open left join taken on true`);
  const [row] = rowsOf(result);
  if (!row) throw new Error('The open orders were not counted');
  return {
    open: {
      count: Number(row.n),
      heldCents: Number(row.held),
      ownLimitCents: row.own_limit == null ? null : Number(row.own_limit),
    },
    part:
      row.sku == null
        ? undefined
        : {
            sku: String(row.sku),
            name: String(row.name),
            priceCents: Number(row.price_cents),
            bulkDiscount: row.bulk_discount === true,
          },
  };
}
