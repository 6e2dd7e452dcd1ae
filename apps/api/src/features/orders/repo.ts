import { type OrderStatus, type OrdersFilter, parseOrderNumber } from '@store/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { customerLock } from '../../db/locks.js';
import { cartLines, orderEvents, orderLines, orders, parts, payments, users } from '../../db/schema.js';
import type { JobName, JobPayloads, JobQueue } from '../../jobs/queue.js';
import { insertPlaced, keyAndOpenOrders, type PlacedLine, type PlacedOrder } from './placement-repo.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
/** What an order shows of its card payments (features/payments writes them). */
export type OrderPaymentRow = Pick<
  typeof payments.$inferSelect,
  'status' | 'amountMinor' | 'currency' | 'refundedAt'
>;
/** An order as the service priced it; the part's name and price come from the stock it took. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'productName' | 'unitPriceCents' | 'number'>;

/** The customer's unpaid orders, counted under their lock (`lockCustomer`). */
export interface OpenOrders {
  count: number;
  /** What they total, in cents. */
  heldCents: number;
  /** The account's own credit limit in cents; null: the store's default applies. */
  ownLimitCents: number | null;
}

/**
 * Another request under the same customer and idempotency key committed its order first: its
 * insert met the unique index, and the transaction that tried is rolled back.
 */
export class IdempotencyKeyTaken extends Error {
  constructor(options?: ErrorOptions) {
    super('the idempotency key is taken', options);
  }
}

const IDEMPOTENCY_INDEX = 'orders_idempotency_idx';

const byKey = (email: string, key: string) => and(eq(orders.email, email), eq(orders.idempotencyKey, key));

/** `like` treats these as wildcards; a search for `john_doe` means the underscore itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The desk's filter: a status, and `q`, an order number (`PD-100001`, `100001`: the unique
 * index on `number`) or else a customer e-mail, lower-cased as stored: the whole address when it
 * has an `@`, otherwise its beginning. Both read a range of `orders_email_newest_idx` (its
 * text_pattern_ops serves the prefix under any collation), never the whole table.
 */
function filterWhere({ status, q }: OrdersFilter): SQL | undefined {
  const text = q?.trim();
  let search: SQL | undefined;
  if (text) {
    const number = parseOrderNumber(text);
    const email = text.toLowerCase();
    search =
      number !== undefined
        ? eq(orders.number, number)
        : email.includes('@')
          ? eq(orders.email, email)
          : like(orders.email, `${escapeLike(email)}%`);
  }
  return and(status ? eq(orders.status, status) : undefined, search);
}

/** Where a keyset batch ends: `at` is the timestamp as PostgreSQL wrote it (microseconds kept). */
interface Cursor {
  at: string;
  id: string;
}

/** What taking the stock returns: what the order is priced from. */
export interface StockedPart {
  sku: string;
  name: string;
  priceCents: number;
  bulkDiscount: boolean;
}

/** A part as checkout judges a line by it: its rules and today's stock. */
export interface LinePart {
  id: string;
  sku: string;
  name: string;
  minOrderQuantity: number;
  orderMultiple: number;
  availableQuantity: number;
  listed: boolean;
}

/** A part whose stock checkout took: what the line is priced from (the locked row's price). */
export interface TakenPart extends StockedPart {
  id: string;
}

/** A quantity of a part, to take or put back. */
export interface PartQuantity {
  partId: string;
  quantity: number;
}

/** Both drivers answer raw SQL with the rows under `rows` (node-postgres' and PGlite's results). */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  (result as { rows: Record<string, unknown>[] }).rows;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The row operations of one transaction, for the orders service to combine: everything done
 * through one `tx` commits or rolls back together (stock, order, history, job).
 */
function transactionRows(tx: Transaction, jobs: JobQueue) {
  return {
    /** The customer's order under `key`, and its age in seconds by the database's clock. */
    async findByKey(
      email: string,
      key: string,
    ): Promise<{ order: OrderRow; ageSeconds: number } | undefined> {
      const [earlier] = await tx
        .select({ order: orders, ageSeconds: sql<string>`extract(epoch from now() - ${orders.createdAt})` })
        .from(orders)
        .where(byKey(email, key))
        .limit(1);
      return earlier && { order: earlier.order, ageSeconds: Number(earlier.ageSeconds) };
    },

    /** Frees the order's idempotency key, so a new order may take it. */
    async freeKey(orderId: string): Promise<void> {
      await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, orderId));
    },

    /**
     * A transaction-long lock on the customer's e-mail: two transactions counting their unpaid
     * orders under it cannot both see the count before the other's order.
     */
    async lockCustomer(email: string): Promise<void> {
      await tx.execute(customerLock('openOrders', email));
    },

    /**
     * The customer's cart lock (the cart feature's): an import or merge adding lines while
     * checkout empties the cart would otherwise lock the same rows in another order. Taken after
     * `lockCustomer` (db/locks.ts).
     */
    async lockCart(email: string): Promise<void> {
      await tx.execute(customerLock('cart', email));
    },

    /** `findByKey`'s id and age with `openOrders`, in one statement (placement-repo.ts). */
    keyAndOpenOrders: (email: string, key: string | undefined) => keyAndOpenOrders(tx, email, key),

    /**
     * The order, its lines and its first history entry in one statement (placement-repo.ts). A
     * concurrent repeat under the same key meets the unique index, as with `insertOrder`.
     */
    async insertPlaced(placed: { order: PlacedOrder; lines: PlacedLine[]; by: string }) {
      try {
        return await insertPlaced(tx, placed);
      } catch (error) {
        if (placed.order.idempotencyKey && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
          throw new IdempotencyKeyTaken({ cause: error });
        }
        throw error;
      }
    },

    /** One round trip: how many unpaid orders, what they total, and the account's own limit. */
    async openOrders(email: string): Promise<OpenOrders> {
      const [open] = await tx
        .select({
          n: count(),
          heldCents: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
          ownLimitCents: sql<
            string | null
          >`(select ${users.creditLimitCents} from ${users} where ${users.email} = ${email})`,
        })
        .from(orders)
        .where(and(eq(orders.email, email), eq(orders.status, 'unpaid')));
      return {
        count: open?.n ?? 0,
        heldCents: Number(open?.heldCents ?? 0),
        ownLimitCents: open?.ownLimitCents == null ? null : Number(open.ownLimitCents),
      };
    },

    /**
     * Takes `quantity` of a listed part by a conditional update (`available_quantity >= qty`, at
     * least its minimum order), so concurrent orders can never sell more than there is: the
     * loser's update matches no row. Undefined: nothing was taken.
     */
    async takeStock(partId: string, quantity: number): Promise<StockedPart | undefined> {
      const [part] = await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} - ${quantity}` })
        .where(
          and(
            eq(parts.id, partId),
            isNull(parts.deletedAt),
            gte(parts.availableQuantity, quantity),
            sql`${parts.minOrderQuantity} <= ${quantity}`,
            // Whole packs only (issue 22), judged on the pack size of the row being updated.
            sql`${quantity} % ${parts.orderMultiple} = 0`,
          ),
        )
        .returning({
          sku: parts.sku,
          name: parts.name,
          priceCents: parts.priceCents,
          bulkDiscount: parts.bulkDiscount,
        });
      return part;
    },

    /**
     * Puts every line of the orders back on the shelves, in one statement whatever the number of
     * orders and lines (a cancel, or a whole expiry batch): each part's quantities are summed.
     */
    async returnStock(orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return;
      // The parts are locked in id order first, as checkout's `takeLines` locks them: a cancel
      // and a checkout of the same parts then queue for them instead of deadlocking.
      await tx.execute(sql`
        with back as (
          select l.part_id, sum(l.quantity)::int as q
          from ${orderLines} l
          where l.order_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))
          group by l.part_id
        ),
        locked as materialized (
          select p.id from ${parts} p join back b on b.part_id = p.id order by p.id for no key update of p
        )
        update ${parts} p set available_quantity = p.available_quantity + b.q
        from back b
        where p.id = b.part_id and p.id in (select id from locked)`);
    },

    /**
     * Empties the customer's cart in this transaction, answering what it held, oldest line first:
     * the order's lines. A rollback (a refused line, stock that ran out) puts the cart back.
     */
    async takeCart(email: string): Promise<PartQuantity[]> {
      const rows = await tx
        .delete(cartLines)
        .where(eq(cartLines.email, email))
        .returning({ partId: cartLines.partId, quantity: cartLines.quantity, addedAt: cartLines.addedAt });
      rows.sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || (a.partId < b.partId ? -1 : 1));
      return rows.map(({ partId, quantity }) => ({ partId, quantity }));
    },

    /** The parts named by id or by SKU (case-insensitively), listed or not, in one query. */
    async linePartsFor(ids: string[], skus: string[]): Promise<LinePart[]> {
      if (ids.length === 0 && skus.length === 0) return [];
      const rows = await tx
        .select({
          id: parts.id,
          sku: parts.sku,
          name: parts.name,
          minOrderQuantity: parts.minOrderQuantity,
          orderMultiple: parts.orderMultiple,
          availableQuantity: parts.availableQuantity,
          deletedAt: parts.deletedAt,
        })
        .from(parts)
        .where(
          or(
            ids.length > 0 ? inArray(parts.id, ids) : undefined,
            skus.length > 0
              ? inArray(
                  sql`lower(${parts.sku})`,
                  skus.map((sku) => sku.toLowerCase()),
                )
              : undefined,
          ),
        );
      return rows.map(({ deletedAt, ...part }) => ({ ...part, listed: deletedAt === null }));
    },

    /**
     * Takes every line's quantity in ONE statement, all or nothing is the caller's (it throws when
     * fewer parts come back than lines, rolling this back). The rows are locked first in order of
     * part id (the `locked` CTE: its sort runs below the row locks), so two checkouts of the same
     * parts listed in opposite orders queue behind each other instead of deadlocking. Each update
     * is conditional, like `takeStock`: listed, enough stock, at least the minimum, whole packs.
     */
    async takeLines(lines: PartQuantity[]): Promise<TakenPart[]> {
      if (lines.length === 0) return [];
      const want = JSON.stringify(lines.map((l) => ({ id: l.partId, q: l.quantity })));
      const result = await tx.execute(sql`
        with want as (
          select w.id, w.q from jsonb_to_recordset(${want}::jsonb) as w(id uuid, q integer)
        ),
        locked as materialized (
          select p.id from ${parts} p join want w on w.id = p.id order by p.id for no key update of p
        )
        update ${parts} p set available_quantity = p.available_quantity - w.q
        from want w
        where p.id = w.id
          and p.id in (select id from locked)
          and p.deleted_at is null
          and p.available_quantity >= w.q
          and p.min_order_quantity <= w.q
          and w.q % p.order_multiple = 0
        returning p.id, p.sku, p.name, p.price_cents, p.bulk_discount`);
      return rowsOf(result).map((row) => ({
        id: String(row.id),
        sku: String(row.sku),
        name: String(row.name),
        priceCents: Number(row.price_cents),
        bulkDiscount: row.bulk_discount === true,
      }));
    },

    /** The order's lines, in one multi-row insert. */
    async insertLines(lines: NewOrderLine[]): Promise<OrderLineRow[]> {
      if (lines.length === 0) return [];
      return tx.insert(orderLines).values(lines).returning();
    },

    /**
     * Inserts the order with the part as `takeStock` returned it. A concurrent repeat under the
     * same key meets the unique index on (email, key): PostgreSQL holds this insert until the
     * first transaction commits, then refuses it (IdempotencyKeyTaken).
     */
    async insertOrder(order: NewOrder, part: Pick<StockedPart, 'name' | 'priceCents'>): Promise<OrderRow> {
      const { email } = order;
      try {
        const [row] = await tx
          .insert(orders)
          .values({
            ...order,
            productName: part.name,
            unitPriceCents: part.priceCents,
            // The buyer's company and VAT number as My Profile has them now: the invoice keeps them.
            companyName: sql`(select ${users.companyName} from ${users} where ${users.email} = ${email})`,
            vatNumber: sql`(select ${users.vatNumber} from ${users} where ${users.email} = ${email})`,
          })
          .returning();
        if (!row) throw new Error('The order insert returned no row');
        return row;
      } catch (error) {
        if (order.idempotencyKey && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
          throw new IdempotencyKeyTaken({ cause: error });
        }
        throw error;
      }
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

  return {
    /**
     * Runs `work` in one transaction with the row operations of OrdersTransaction, and the
     * transaction's handle (for the audit entry that commits with the change, features/audit).
     */
    inTransaction<T>(work: (tx: OrdersTransaction, handle: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(transactionRows(tx, jobs), tx));
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

    /** The order's history, oldest first. */
    events: (orderId: string): Promise<OrderEventRow[]> =>
      db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id)),

    /** One history entry with its order: what an `order-event` job works from. */
    async findEvent(eventId: string): Promise<{ event: OrderEventRow; order: OrderRow } | undefined> {
      const [row] = await db
        .select({ event: orderEvents, order: orders })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(eq(orderEvents.id, eventId))
        .limit(1);
      return row;
    },

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
     * Every order matching `filter`, newest first, `size` at a time (the CSV export): keyset
     * pages on (created_at, id), so each batch is one index range and memory stays bounded
     * however many orders there are. Each batch is its own query, holding no connection or
     * transaction while the client reads: an order changed mid-export shows as it was when its
     * batch was read.
     */
    async *batches(filter: OrdersFilter, size: number): AsyncGenerator<OrderRow[]> {
      const where = filterWhere(filter);
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
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
