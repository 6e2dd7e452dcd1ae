import { type OrderStatus, type OrdersFilter, parseOrderNumber } from '@store/shared';
import { and, asc, count, desc, eq, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { createBatchedCalls } from '../../db/batched-calls.js';
import type { Database } from '../../db/client.js';
import { partsAnnouncer } from '../../db/parts-announcer.js';
import { orderEvents, orderLines, orders, parts, payments } from '../../db/schema.js';
import type { JobName, JobPayloads, JobQueue } from '../../jobs/queue.js';
import {
  linesFromJson,
  type Placement,
  type PlacementRequest,
  type PlacementRules,
  placeOrder,
  placeOrders,
} from './placement-repo.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** A history entry as the e-mail worker reads it: with its order, lines and the order's first entry. */
export interface FoundEvent {
  event: OrderEventRow;
  order: OrderRow;
  lines: OrderLineRow[];
  firstEventId: string;
}
export type {
  AskedLine,
  Placement,
  PlacementRequest,
  PlacementRules,
  RefusedLineVerdict,
} from './placement-repo.js';
export { IdempotencyKeyTaken } from './placement-repo.js';
/** What an order shows of its card payments (features/payments writes them). */
export type OrderPaymentRow = Pick<
  typeof payments.$inferSelect,
  'status' | 'amountMinor' | 'currency' | 'refundedAt'
>;

const byKey = (email: string, key: string) => and(eq(orders.email, email), eq(orders.idempotencyKey, key));

/** `like` treats these as wildcards; a search for `john_doe` means the underscore itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The desk's filter: a status, and `q`, an order number (`PD-100001`, `100001`: the unique
 * index on `number`) or else a customer e-mail, lower-cased as stored: the whole address when it
 * has an `@`, otherwise its beginning. Both read a range of `orders_email_newest_idx` (its
 * text_pattern_ops serves the prefix under any collation), never the whole table. Whatever `q`
 * is, it also finds the orders whose PO reference is it or begins with it, in any case (buyers
 * quote their own PO numbers): a range of `orders_po_reference_idx`, OR-ed with the other.
 */
function filterWhere({ status, q }: OrdersFilter): SQL | undefined {
  const text = q?.trim();
  let search: SQL | undefined;
  if (text) {
    const number = parseOrderNumber(text);
    const lower = text.toLowerCase();
    const pattern = `${escapeLike(lower)}%`;
    search = or(
      number !== undefined
        ? eq(orders.number, number)
        : lower.includes('@')
          ? eq(orders.email, lower)
          : like(orders.email, pattern),
      like(sql`lower(${orders.poReference})`, pattern),
    );
  }
  return and(status ? eq(orders.status, status) : undefined, search);
}

/** Where a keyset batch ends: `at` is the timestamp as PostgreSQL wrote it (microseconds kept). */
interface Cursor {
  at: string;
  id: string;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The row operations of one transaction, for the orders service to combine: everything done
 * through one `tx` commits or rolls back together (stock, order, history, job).
 */
function transactionRows(tx: Transaction, jobs: JobQueue) {
  return {
    /**
     * Puts every line of the orders back on the shelves, in one statement whatever the number of
     * orders and lines (a cancel, or a whole expiry batch): each part's quantities are summed.
     */
    async returnStock(orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return;
      const ids = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))`;
      // The parts are locked in id order first, as a placement locks them: a cancel and an order
      // of the same parts then queue for them instead of deadlocking. In a statement of its own:
      // an update in the same statement would still see the rows as they were before the locks
      // were granted, and wait for them again (one queue on an old row version behind another:
      // a deadlock between cancels, seen once orders stopped holding their parts to the end).
      await tx.execute(sql`
        select 1 from ${parts} p
        where p.id in (select l.part_id from ${orderLines} l where l.order_id in ${ids})
        order by p.id for no key update of p`);
      await tx.execute(sql`
        update ${parts} p set available_quantity = p.available_quantity + b.q
        from (
          select l.part_id, sum(l.quantity)::int as q
          from ${orderLines} l where l.order_id in ${ids}
          group by l.part_id
        ) b
        where p.id = b.part_id`);
    },

    /**
     * The order's status and shipping, locked until the transaction ends: what an admin's move
     * is recorded as leaving (features/audit).
     */
    async lockForMove(id: string) {
      const [row] = await tx
        .select({
          number: orders.number,
          status: orders.status,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
        })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      return row;
    },

    /**
     * Moves the order from one of `from` to `to`. Only a row still in `from` (and the owner's,
     * when `owner` is given) changes, so a double click, or two admins at once, take effect once.
     * `shipping` is written with the move. Undefined: nothing changed.
     */
    async setStatus(
      id: string,
      change: {
        from: OrderStatus[];
        to: OrderStatus;
        owner?: string | undefined;
        shipping?: { carrier: string | null; trackingNumber: string | null } | undefined;
      },
    ): Promise<OrderRow | undefined> {
      const [order] = await tx
        .update(orders)
        .set({ status: change.to, updatedAt: sql`now()`, ...change.shipping })
        .where(
          and(
            eq(orders.id, id),
            inArray(orders.status, change.from),
            change.owner ? eq(orders.email, change.owner) : undefined,
          ),
        )
        .returning();
      return order;
    },

    /**
     * Moves at most `limit` orders in `from` placed more than `olderThanMs` ago, oldest first, to
     * `to`. Rows another transaction holds (another instance's sweep) are skipped, never waited
     * for. Returns the orders moved.
     */
    async setStatusOfOldest(change: {
      from: OrderStatus;
      to: OrderStatus;
      olderThanMs: number;
      limit: number;
    }): Promise<OrderRow[]> {
      const due = tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, change.from),
            lt(orders.createdAt, sql`now() - make_interval(secs => ${change.olderThanMs / 1000})`),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(change.limit)
        .for('update', { skipLocked: true });
      return tx
        .update(orders)
        .set({ status: change.to, updatedAt: sql`now()` })
        .where(and(inArray(orders.id, due), eq(orders.status, change.from)))
        .returning();
    },

    /**
     * The order's card payments to give back, now that it is cancelled: each marked for its
     * refund, and the refund job enqueued with it (features/payments runs it, retried until done).
     */
    async refundPayments(orderId: string, by: string): Promise<number> {
      const due = await tx
        .update(payments)
        .set({ status: 'refund-pending', refundRequestedBy: by, updatedAt: sql`now()` })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
        .returning({ id: payments.id });
      for (const { id } of due) await jobs.enqueue(tx, 'payment-refund', { paymentId: id });
      return due.length;
    },

    /** Whether a card payment is applied to the order (features/payments). */
    async cardPaid(orderId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },

    /** The history entry of the order's change, by `by` (an e-mail, or `system`): its id. */
    async recordEvent(order: OrderRow, by: string): Promise<string> {
      const [event] = await tx
        .insert(orderEvents)
        .values({ orderId: order.id, status: order.status, by, at: order.updatedAt })
        .returning({ id: orderEvents.id });
      if (!event) throw new Error('The order event insert returned no row');
      return event.id;
    },

    /** A job that runs once this transaction commits, and never if it rolls back. */
    enqueue<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void> {
      return jobs.enqueue(tx, name, data);
    },
  };
}

export type OrdersTransaction = ReturnType<typeof transactionRows>;

export function createOrdersRepo(db: Database, jobs: JobQueue) {
  const partsChanged = partsAnnouncer(db);
  // Where the placement writes its job: read at each placement (a queue may start after the repo).
  const job = () => (jobs.schema ? { schema: jobs.schema, name: 'order-event' } : undefined);
  // A rush of orders is placed in batches, a quiet store's one by one (decision 058).
  const placements = createBatchedCalls<PlacementRequest, PlacementRules, Placement>({
    key: (request) => request.email,
    one: (request, rules, options) => placeOrder(db, request, rules, job(), options),
    many: (requests, rules) => placeOrders(db, requests, rules, job()),
  });
  const page = async (
    where: ReturnType<typeof and>,
    { offset, limit }: { offset: number; limit: number },
  ) => {
    const [items, [totals]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { items, total: totals?.total ?? 0 };
  };

  /**
   * The orders matching `where`, newest first, `size` at a time: keyset pages on (created_at, id).
   * Each batch is its own query, holding no connection or transaction while the client reads: an
   * order changed mid-export shows as it was when its batch was read.
   */
  async function* keysetBatches(where: SQL | undefined, size: number): AsyncGenerator<OrderRow[]> {
    let after: Cursor | undefined;
    for (;;) {
      const rows = await db
        .select({ order: orders, at: sql<string>`${orders.createdAt}::text` })
        .from(orders)
        .where(
          and(
            where,
            after
              ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size);
      if (rows.length > 0) yield rows.map((r) => r.order);
      const last = rows.at(-1);
      if (!last || rows.length < size) return;
      after = { at: last.at, id: last.order.id };
    }
  }

  /**
   * History entries by id, each with its order, its lines and the order's first entry, in one
   * statement however many (the e-mail worker's batch); ids not found are not in the map.
   */
  async function findEvents(eventIds: string[]): Promise<Map<string, FoundEvent>> {
    if (eventIds.length === 0) return new Map();
    const rows = await db
      .select({
        event: orderEvents,
        order: orders,
        lines: sql<Record<string, unknown>[]>`(
          select coalesce(jsonb_agg(to_jsonb(l) order by l.position), '[]'::jsonb)
          from ${orderLines} l where l.order_id = ${orders.id})`,
        firstEventId: sql<string>`(
          select f.id from ${orderEvents} f where f.order_id = ${orders.id}
          order by f.at, f.id limit 1)`,
      })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(inArray(orderEvents.id, [...new Set(eventIds)]));
    return new Map(
      rows.map((row) => {
        const lines = typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines;
        const found = { ...row, lines: linesFromJson(lines), firstEventId: String(row.firstEventId) };
        return [row.event.id, found];
      }),
    );
  }

  return {
    /**
     * Runs `work` in one transaction with the row operations of OrdersTransaction, and the
     * transaction's handle (for the audit entry that commits with the change, features/audit).
     */
    inTransaction<T>(work: (tx: OrdersTransaction, handle: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(transactionRows(tx, jobs), tx));
    },

    /**
     * Places an order in one round trip (placement-repo.ts, decision 045), its `order-event` job
     * written with it into the queue's table when there is a queue.
     */
    async place(request: PlacementRequest, rules: PlacementRules): Promise<Placement> {
      // A cart's order is placed alone: its lines are read, and the cart emptied, by the call.
      const placed = request.lines
        ? await placements.call(request, rules)
        : await placements.alone(request, rules);
      if (placed.outcome === 'placed') partsChanged();
      return placed;
    },

    /** The customer's order under `key` (outside any transaction: the one that won a race). */
    async findByKey(email: string, key: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(byKey(email, key)).limit(1);
      return row;
    },

    /**
     * The lines of a page of orders, in one query (never one per order), by order and position.
     */
    async linesOf(orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
      const byOrder = new Map<string, OrderLineRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, [...new Set(orderIds)]))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
      for (const row of rows) {
        const lines = byOrder.get(row.orderId);
        if (lines) lines.push(row);
        else byOrder.set(row.orderId, [row]);
      }
      return byOrder;
    },

    /** The card payments of a page of orders, in one query, oldest first. */
    async paymentsOf(orderIds: string[]): Promise<Map<string, OrderPaymentRow[]>> {
      const byOrder = new Map<string, OrderPaymentRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db
        .select({
          orderId: payments.orderId,
          status: payments.status,
          amountMinor: payments.amountMinor,
          currency: payments.currency,
          refundedAt: payments.refundedAt,
        })
        .from(payments)
        .where(inArray(payments.orderId, [...new Set(orderIds)]))
        .orderBy(asc(payments.createdAt), asc(payments.id));
      for (const { orderId, ...row } of rows) {
        const list = byOrder.get(orderId);
        if (list) list.push(row);
        else byOrder.set(orderId, [row]);
      }
      return byOrder;
    },

    async find(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** The id of the order people quote as `PD-<number>` (the unique index on `number`). */
    async idOfNumber(number: number): Promise<string | undefined> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)).limit(1);
      return row?.id;
    },

    /** The phone and address of the customer's newest order, if any. */
    async lastContact(email: string): Promise<{ phone: string; address: string } | undefined> {
      const [row] = await db
        .select({ phone: orders.phone, address: orders.address })
        .from(orders)
        .where(eq(orders.email, email))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      return row;
    },

    /**
     * What the customer's unpaid orders total now, in cents: what their credit limit is judged on
     * (the index of unpaid orders by e-mail, migration 0028, holds every total it sums).
     */
    async unpaidTotalCents(email: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string | number>`coalesce(sum(${orders.totalCents}), 0)` })
        .from(orders)
        .where(and(eq(orders.email, email), eq(orders.status, 'unpaid')));
      return Number(row?.cents ?? 0);
    },

    /** The order's history, oldest first. */
    events: (orderId: string): Promise<OrderEventRow[]> =>
      db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id)),

    /**
     * One history entry with its order, the order's lines and the id of its first entry: what an
     * `order-event` job works from, in one statement (every order's e-mails read it).
     */
    async findEvent(
      eventId: string,
    ): Promise<
      { event: OrderEventRow; order: OrderRow; lines: OrderLineRow[]; firstEventId: string } | undefined
    > {
      return (await findEvents([eventId])).get(eventId);
    },

    findEvents,

    /** A customer's orders, newest first; every status unless one is asked for. */
    listForCustomer: (
      email: string,
      status: OrderStatus | undefined,
      window: { offset: number; limit: number },
    ) => page(and(eq(orders.email, email), status ? eq(orders.status, status) : undefined), window),

    /** The admin's desk: every order matching `filter`, newest first. */
    listAll: (filter: OrdersFilter, window: { offset: number; limit: number }) =>
      page(filterWhere(filter), window),

    /**
     * Every order matching `filter`, newest first, `size` at a time (the desk's CSV export):
     * keyset pages on (created_at, id), so each batch is one index range and memory stays bounded
     * however many orders there are.
     */
    batches: (filter: OrdersFilter, size: number) => keysetBatches(filterWhere(filter), size),

    /**
     * A customer's orders, newest first, `size` at a time (their own CSV export): keyset pages of
     * `orders_email_newest_idx`, every status unless one is asked for.
     */
    customerBatches: (email: string, status: OrderStatus | undefined, size: number) =>
      keysetBatches(and(eq(orders.email, email), status ? eq(orders.status, status) : undefined), size),
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
