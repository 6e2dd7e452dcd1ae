import { type OrderStatus, type OrdersFilter, parseOrderNumber } from '@store/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderEvents, orders, parts, users } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { codeOf, fieldOf } from '../../lib/thrown.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
type NewOrder = Omit<
  typeof orders.$inferInsert,
  'partId' | 'productName' | 'unitPriceCents' | 'idempotencyKey' | 'idempotencyHash' | 'number'
>;

export interface PlaceRequest {
  partId: string;
  quantity: number;
  /** The customer's; idempotency keys are theirs alone. */
  email: string;
  idempotencyKey?: string | undefined;
  /** The request's hash (lib/request-hash.ts), kept with the key to judge its repeats. */
  idempotencyHash?: string | undefined;
  /** How long a key holds; an older one is spent. */
  keyTtlHours: number;
  /** Unpaid orders the customer may hold at once. */
  maxOpenOrders: number;
  /** What their unpaid orders may total, in cents, unless their account names its own limit. */
  maxUnpaidTotalCents: number;
}

export type PlaceOutcome =
  /** `replayed`: this is the customer's earlier order under the same key, not a new one. */
  | { kind: 'placed'; order: OrderRow; replayed: boolean }
  | { kind: 'no-stock' }
  | { kind: 'too-many-open' }
  /** `totalCents`: what the unpaid orders would have totalled with this one. */
  | { kind: 'over-credit-limit'; totalCents: number; limitCents: number };

/** Thrown inside `place`'s transaction to roll back the stock it took; never leaves the repo. */
class OverCreditLimit extends Error {
  constructor(readonly outcome: Extract<PlaceOutcome, { kind: 'over-credit-limit' }>) {
    super('over the credit limit');
  }
}

export interface Move {
  /** The statuses the order may be in for this move; in any other, nothing changes. */
  from: OrderStatus[];
  to: OrderStatus;
  /** Who: an e-mail, or `system`. */
  by: string;
  /** Only this customer's order (a customer cancelling their own). */
  owner?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

const IDEMPOTENCY_INDEX = 'orders_idempotency_idx';
/** Orders one expiry sweep cancels at most; the next sweep takes the rest. */
export const EXPIRY_BATCH = 100;

/**
 * Whether a failed query broke the named unique index. Drizzle wraps the driver's error (pg or
 * PGlite, both carrying PostgreSQL's SQLSTATE and constraint name) as its `cause`.
 */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (codeOf(e) === '23505') return fieldOf(e, 'constraint') === constraint;
  }
  return false;
}

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

export interface StockedPart {
  name: string;
  priceCents: number;
  bulkDiscount: boolean;
}

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

  /** The history entry of a change, and the job that tells people of it: both in `tx`. */
  async function record(tx: Database, order: OrderRow, by: string): Promise<void> {
    const [event] = await tx
      .insert(orderEvents)
      .values({ orderId: order.id, status: order.status, by, at: order.updatedAt })
      .returning({ id: orderEvents.id });
    if (event) await jobs.enqueue(tx, 'order-event', { eventId: event.id });
  }

  const restoreStock = (tx: Database, order: OrderRow) =>
    tx
      .update(parts)
      .set({ availableQuantity: sql`${parts.availableQuantity} + ${order.productQuantity}` })
      .where(eq(parts.id, order.partId));

  return {
    /**
     * Takes the stock and records the order in one transaction. The stock is taken by a
     * conditional update (`available_quantity >= qty`), so concurrent orders can never sell
     * more than there is: the loser's update matches no row. `bill` prices the order from the
     * part as the update returned it.
     *
     * With an idempotency key, the customer's earlier order under that key is returned instead
     * (`replayed`), and nothing is taken. A concurrent repeat that got past the look-up meets the
     * unique index on (email, key): PostgreSQL holds its insert until the first transaction
     * commits, then refuses it; this transaction rolls back, stock included, and the repeat
     * answers with the order that won.
     *
     * The caps on unpaid orders (how many, and what they total against the customer's credit
     * limit) are counted under a lock on the customer's e-mail, so two orders placed at once
     * cannot both squeeze under them. The total needs the bill, which needs the price the stock
     * update returns: an order over the limit rolls that update back (OverCreditLimit).
     */
    async place(request: PlaceRequest, bill: (part: StockedPart) => NewOrder): Promise<PlaceOutcome> {
      const { partId, quantity, email, idempotencyKey } = request;
      try {
        return await db.transaction(async (tx): Promise<PlaceOutcome> => {
          if (idempotencyKey) {
            const [earlier] = await tx
              .select({
                order: orders,
                spent: sql<boolean>`${orders.createdAt} < now() - make_interval(hours => ${request.keyTtlHours})`,
              })
              .from(orders)
              .where(byKey(email, idempotencyKey))
              .limit(1);
            if (earlier && !earlier.spent) return { kind: 'placed', order: earlier.order, replayed: true };
            // A key past its lifetime is spent: it is freed, so this request places a new order.
            // Looked up first, so the order that reuses no key (nearly all) makes no write here.
            if (earlier)
              await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, earlier.order.id));
          }
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-orders:${email}`}))`);
          // One round trip: how many unpaid orders, what they total, and the account's own limit.
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
          if ((open?.n ?? 0) >= request.maxOpenOrders) return { kind: 'too-many-open' };
          const [part] = await tx
            .update(parts)
            .set({ availableQuantity: sql`${parts.availableQuantity} - ${quantity}` })
            .where(
              and(
                eq(parts.id, partId),
                isNull(parts.deletedAt),
                gte(parts.availableQuantity, quantity),
                sql`${parts.minOrderQuantity} <= ${quantity}`,
              ),
            )
            .returning({ name: parts.name, priceCents: parts.priceCents, bulkDiscount: parts.bulkDiscount });
          if (!part) return { kind: 'no-stock' };
          const priced = bill(part);
          const limitCents =
            open?.ownLimitCents == null ? request.maxUnpaidTotalCents : Number(open.ownLimitCents);
          const totalCents = Number(open?.heldCents ?? 0) + priced.totalCents;
          if (totalCents > limitCents) {
            throw new OverCreditLimit({ kind: 'over-credit-limit', totalCents, limitCents });
          }
          const [order] = await tx
            .insert(orders)
            .values({
              ...priced,
              partId,
              productName: part.name,
              unitPriceCents: part.priceCents,
              // The buyer's company and VAT number as My Profile has them now: the invoice keeps them.
              companyName: sql`(select ${users.companyName} from ${users} where ${users.email} = ${email})`,
              vatNumber: sql`(select ${users.vatNumber} from ${users} where ${users.email} = ${email})`,
              idempotencyKey,
              idempotencyHash: idempotencyKey ? request.idempotencyHash : undefined,
            })
            .returning();
          if (!order) throw new Error('The order insert returned no row');
          await record(tx, order, email);
          return { kind: 'placed', order, replayed: false };
        });
      } catch (error) {
        if (error instanceof OverCreditLimit) return error.outcome;
        if (!idempotencyKey || !isUniqueViolation(error, IDEMPOTENCY_INDEX)) throw error;
        const [winner] = await db.select().from(orders).where(byKey(email, idempotencyKey)).limit(1);
        if (!winner) throw error;
        return { kind: 'placed', order: winner, replayed: true };
      }
    },

    async find(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
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

    /**
     * Moves an order from one of `move.from` to `move.to` in one transaction with everything it
     * implies: a cancel puts the quantity back on the shelf, and every move is recorded with who
     * made it and queued for the e-mails. Only a row still in `from` changes, so a double click,
     * or two admins at once, take effect once. Undefined: the order was not in `from` (or not
     * the owner's).
     */
    async move(id: string, move: Move): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({
            status: move.to,
            updatedAt: sql`now()`,
            ...(move.to === 'shipped' && {
              carrier: move.carrier ?? null,
              trackingNumber: move.trackingNumber ?? null,
            }),
          })
          .where(
            and(
              eq(orders.id, id),
              inArray(orders.status, move.from),
              move.owner ? eq(orders.email, move.owner) : undefined,
            ),
          )
          .returning();
        if (!order) return undefined;
        if (move.to === 'cancelled') await restoreStock(tx, order);
        await record(tx, order, move.by);
        return order;
      });
    },

    /**
     * Cancels unpaid orders placed before `cutoffMs` ago, restores their stock and records each
     * as done by `system`, in one transaction per batch. Rows another sweep (another instance)
     * holds are skipped, never waited for. Returns how many it cancelled.
     */
    async expireUnpaid(olderThanMs: number): Promise<number> {
      return db.transaction(async (tx) => {
        const due = tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.status, 'unpaid'),
              lt(orders.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
            ),
          )
          .orderBy(asc(orders.createdAt))
          .limit(EXPIRY_BATCH)
          .for('update', { skipLocked: true });
        const expired = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(and(inArray(orders.id, due), eq(orders.status, 'unpaid')))
          .returning();
        for (const order of expired) {
          await restoreStock(tx, order);
          await record(tx, order, 'system');
        }
        return expired.length;
      });
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
