import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, orderLines, orders, users } from '../../db/schema.js';

/**
 * Placing an order in fewer round trips (decision 044): every statement costs the store a write
 * that wakes a PostgreSQL backend, a read and a parse, whatever it does. These combine the
 * statements of a placement that need no answer from each other; the rules (caps, prices, all or
 * nothing, replays) stay in the service.
 */

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** Both drivers answer raw SQL with the rows under `rows` (node-postgres' and PGlite's results). */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The customer's unpaid orders (how many, what they total, the account's own credit limit) and,
 * with a key, the id and age (by the database's clock) of their order under it, in ONE statement.
 * Run after the customer's lock (`lockCustomer`), so it sees every order committed before the
 * lock was granted: a retry that waited for its first request finds that request's order.
 */
export async function keyAndOpenOrders(
  tx: Transaction,
  email: string,
  key: string | undefined,
): Promise<{
  earlier: { id: string; ageSeconds: number } | undefined;
  open: { count: number; heldCents: number; ownLimitCents: number | null };
}> {
  const result = await tx.execute(sql`
    select open.n, open.held,
      (select u.credit_limit_cents from ${users} u where u.email = ${email}) as own_limit,
      k.id as earlier_id, extract(epoch from now() - k.created_at) as earlier_age
    from (
      select count(*) as n, coalesce(sum(o.total_cents), 0) as held
      from ${orders} o where o.email = ${email} and o.status = 'unpaid'
    ) open
    left join ${orders} k on k.email = ${email} and k.idempotency_key = ${key ?? null}::text`);
  const [row] = rowsOf(result);
  if (!row) throw new Error('The open orders were not counted');
  return {
    earlier:
      row.earlier_id == null
        ? undefined
        : { id: String(row.earlier_id), ageSeconds: Number(row.earlier_age) },
    open: {
      count: Number(row.n),
      heldCents: Number(row.held),
      ownLimitCents: row.own_limit == null ? null : Number(row.own_limit),
    },
  };
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
