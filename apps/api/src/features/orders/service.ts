import {
  apiMessages,
  type CheckoutRequest,
  cartMessages,
  formatOrderNumber,
  type InsertResult,
  type MoneyPattern,
  type MyOrdersCsvQuery,
  type MyOrdersQuery,
  type Order,
  type OrderPayment,
  type OrderRequest,
  type OrderStatus,
  type OrderStatusUpdate,
  type OrdersFilter,
  type OrdersQuery,
  paymentMessages,
  type Seller,
  type StoreContact,
  statusesMovableTo,
  type TaxRule,
  type UpdateResult,
} from '@store/shared';
import { type Caller, hasAdminPowers } from '../../auth/caller.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import { requestHash } from '../../lib/request-hash.js';
import { type AuditRecord, type AuditTrail, changedFields } from '../audit/index.js';
import type { ListedParts } from '../parts/service.js';
import { createCheckout, type OverLimitWording, overLimitRefusal } from './checkout.js';
import {
  type InvoiceOrder,
  lineOfOrder,
  ORDER_CSV_COLUMNS,
  toInvoiceOrder,
  toOrderDetailDto,
  toOrderDto,
} from './dto.js';
import { myOrdersCsv } from './my-orders-csv.js';
import { createPlacement } from './placement.js';
import { record } from './record.js';
import type { FoundEvent, OrderEventRow, OrderLineRow, OrderRow, OrdersRepo } from './repo.js';

/** Orders the CSV export reads at a time: memory stays bounded however many there are. */
export const CSV_BATCH_SIZE = 500;

/** Orders one expiry sweep cancels at most; the next sweep takes the rest. */
export const EXPIRY_BATCH = 100;

/** Who the history names for what the store does on its own (the expiry). */
const SYSTEM = 'system';

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
  /** An admin's move: recorded in the audit trail with what it changed. */
  byAdmin?: boolean;
}

/**
 * The changes of an order's status and what each implies, for the desk, the customer, the expiry
 * sweep and the e-mail worker: a cancel puts the quantity back on the shelf, and every move is
 * recorded and queued for the e-mails, all in one transaction with the move.
 */
export function createOrderMoves(
  orders: OrdersRepo,
  /** Needed for admins' moves only: the expiry sweep and the e-mail worker record none. */
  audit?: AuditTrail,
) {
  return {
    /**
     * Moves the order from one of `move.from` to `move.to`. Only a row still in `from` changes,
     * so a double click, or two admins at once, take effect once. Undefined: the order was not in
     * `from` (or not the owner's).
     */
    move(id: string, move: Move): Promise<OrderRow | undefined> {
      return orders.inTransaction(async (tx, handle) => {
        // An admin's move is recorded with the status it left, read under the row's lock.
        if (move.byAdmin && !audit) throw new Error('An admin’s move needs the audit trail');
        const was = move.byAdmin ? await tx.lockForMove(id) : undefined;
        const order = await tx.setStatus(id, {
          from: move.from,
          to: move.to,
          owner: move.owner,
          // A shipping move writes its carrier and tracking number (null when not given).
          shipping:
            move.to === 'shipped'
              ? { carrier: move.carrier ?? null, trackingNumber: move.trackingNumber ?? null }
              : undefined,
        });
        if (!order) return undefined;
        // Undoing a card payment would leave Stripe's charge standing and let the customer pay
        // again: a card-paid order is cancelled instead, which refunds it (decision 048).
        if (move.to === 'unpaid' && (await tx.cardPaid(order.id))) {
          throw new Conflict(paymentMessages.cannotUndoCardPayment);
        }
        await record(tx, order, move.by);
        if (was) await audit?.record(handle, moveEntry(move.by, was, order));
        // A cancelled order's card payment is given back (decision 048), its refund a job.
        if (move.to === 'cancelled' && move.from.includes('paid')) await tx.refundPayments(order.id, move.by);
        // Last: the parts' rows stay locked only from here to the commit.
        if (move.to === 'cancelled') await tx.returnStock([order.id]);
        return order;
      });
    },

    /**
     * Cancels unpaid orders placed more than `olderThanMs` ago, a batch (EXPIRY_BATCH) in one
     * transaction, restores their stock and records each as done by `system`. Orders another
     * sweep (another instance) holds are skipped. Returns how many it cancelled.
     */
    expireUnpaid(olderThanMs: number): Promise<number> {
      return orders.inTransaction(async (tx) => {
        const expired = await tx.setStatusOfOldest({
          from: 'unpaid',
          to: 'cancelled',
          olderThanMs,
          limit: EXPIRY_BATCH,
        });
        for (const order of expired) await record(tx, order, SYSTEM);
        // Every line of the whole batch back on the shelves in one statement, last: the parts'
        // rows stay locked only from here to the commit, not through the history entries.
        await tx.returnStock(expired.map((order) => order.id));
        return expired.length;
      });
    },

    /**
     * One history entry with its order, for the e-mail worker. `placement`: the entry is the
     * order's first (an `unpaid` entry is otherwise an admin undoing a payment).
     */
    async eventForEmails(eventId: string): Promise<EventForEmails | undefined> {
      // The entry, its order, the lines and the order's first entry in one statement.
      const found = await orders.findEvent(eventId);
      return found && emailFacts(found);
    },

    /** `eventForEmails` for a batch of entries, in one statement; those not found are left out. */
    async eventsForEmails(eventIds: string[]): Promise<Map<string, EventForEmails>> {
      const found = await orders.findEvents(eventIds);
      return new Map([...found].map(([id, one]) => [id, emailFacts(one)]));
    },
  };
}

export type OrderMoves = ReturnType<typeof createOrderMoves>;

/** What an order e-mail is written from. `placement`: the entry is the order's first. */
export interface EventForEmails {
  event: OrderEventRow;
  order: OrderRow;
  lines: OrderLineRow[];
  placement: boolean;
}

/** An `unpaid` entry is the placement only when it is the order's first (else an admin undid a payment). */
const emailFacts = ({ event, order, lines, firstEventId }: FoundEvent): EventForEmails => ({
  event,
  order,
  lines,
  placement: event.status === 'unpaid' && firstEventId === event.id,
});

type Shipping = Pick<OrderRow, 'status' | 'carrier' | 'trackingNumber'>;

/** An admin's move as the audit trail has it: a cancel, or another move, with what it changed. */
function moveEntry(actor: string, was: Shipping & Pick<OrderRow, 'number'>, now: OrderRow): AuditRecord {
  const fields = ({ status, carrier, trackingNumber }: Shipping) => ({ status, carrier, trackingNumber });
  const changed = changedFields(fields(was), fields(now));
  return {
    actor,
    action: now.status === 'cancelled' ? 'order.cancel' : 'order.move',
    target: { type: 'order', id: now.id, label: formatOrderNumber(was.number) },
    before: changed?.before ?? null,
    after: changed?.after ?? null,
  };
}

export function createOrdersService(deps: {
  orders: OrdersRepo;
  /** Where admins' moves and cancels are recorded, each in its own transaction. */
  audit: AuditTrail;
  parts: ListedParts;
  paymentInstructions: string;
  /** Named on the invoice page as on the PDF (features/invoices). */
  seller: Seller;
  /** Unpaid orders one customer may hold at once. */
  maxOpenOrders: number;
  /** MAX_UNPAID_TOTAL in cents: what one customer's unpaid orders may total by default. */
  maxUnpaidTotalCents: number;
  /** The tax every order is placed under (decision 053). */
  tax: TaxRule;
  /** How the store writes money (decision 056): the credit limit's message. */
  money: MoneyPattern;
  /** STORE_EMAIL and STORE_PHONE: the credit limit's message names them. */
  contact: StoreContact;
  /** Whether the store takes cards (features/payments): the Payment page offers them. */
  cardPayments?: boolean;
}) {
  const { orders, parts } = deps;
  const moves = createOrderMoves(orders, deps.audit);
  // Both ways of ordering place in one round trip, with the rules applied by the database from
  // these settings (placement.ts, decision 045).
  const place = createPlacement(deps);
  const wording: OverLimitWording = {
    unpaidTotalCents: orders.unpaidTotalCents,
    money: deps.money,
    contact: deps.contact,
  };
  const placeLines = createCheckout({ place, maxOpenOrders: deps.maxOpenOrders, wording });

  /** The orders as the API shows them, their lines read in one query for the whole page. */
  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [lines, payments] = await Promise.all([orders.linesOf(ids), orders.paymentsOf(ids)]);
    return rows.map((row) => toOrderDto(row, lines.get(row.id) ?? [], payments.get(row.id) ?? []));
  }

  /** Owner or admin; anyone else learns nothing, not even that the order exists. */
  async function visibleOrder(requester: Caller, id: string): Promise<OrderRow> {
    const order = await orders.find(id);
    if (!order || (order.email !== requester.email && !hasAdminPowers(requester))) {
      throw new NotFound(apiMessages.orderNotFound);
    }
    return order;
  }

  return {
    expireUnpaid: moves.expireUnpaid,
    eventForEmails: moves.eventForEmails,
    eventsForEmails: moves.eventsForEmails,

    /** The phone and address of the customer's newest order, if any (checkout's fallback). */
    lastContact: (email: string) => orders.lastContact(email),

    /** What the customer's unpaid orders total now, in cents (the cart's credit line). */
    unpaidTotalCents: (email: string) => orders.unpaidTotalCents(email),

    /** The id of the order numbered `number`, if any (the audit trail's filter by order number). */
    idOfNumber: (number: number) => orders.idOfNumber(number),

    /**
     * Name and e-mail from the account; prices from the database; stock taken atomically.
     * A repeat under the same idempotency key answers with the first order, as it was answered.
     */
    async place(
      customer: Caller,
      input: OrderRequest,
      idempotencyKey?: string,
    ): Promise<InsertResult & { order: Order }> {
      const hash = idempotencyKey ? requestHash(input) : undefined;
      // The spec's single-part order is a one-line order.
      const placed = await place(
        customer,
        input,
        [{ partId: input.partId, quantity: input.productQuantity }],
        idempotencyKey,
        hash,
      );
      if (placed.outcome === 'too-many-open')
        throw new Conflict(apiMessages.tooManyOpenOrders(deps.maxOpenOrders));
      if (placed.outcome === 'over-limit')
        throw await overLimitRefusal(wording, customer.email, placed.totalCents, placed.limitCents);
      if (placed.outcome === 'placed' || placed.outcome === 'replayed') {
        const { order, lines } = placed;
        // The same key with any other body is a client bug: refuse it rather than guess which
        // was meant. Orders placed before hashes were kept are judged on part and quantity.
        const sameRequest = order.idempotencyHash
          ? order.idempotencyHash === hash
          : order.partId === input.partId && order.productQuantity === input.productQuantity;
        if (placed.outcome === 'replayed' && !sameRequest)
          throw new Unprocessable(apiMessages.idempotencyKeyReused);
        return { acknowledged: true, insertedId: order.id, order: toOrderDto(order, lines) };
      }
      if (placed.outcome !== 'refused') throw new Error(`A one-line order answered ${placed.outcome}`);

      // The stock was not taken: say why, with today's numbers.
      const part = await parts.findListed(input.partId);
      if (!part) throw new NotFound(apiMessages.partNotFound);
      if (input.productQuantity < part.minOrderQuantity) {
        throw new Invalid(apiMessages.belowMinimum(part.minOrderQuantity), {
          productQuantity: apiMessages.belowMinimum(part.minOrderQuantity),
        });
      }
      if (input.productQuantity % part.orderMultiple !== 0) {
        throw new Invalid(cartMessages.notMultiple(part.orderMultiple), {
          productQuantity: cartMessages.notMultiple(part.orderMultiple),
        });
      }
      throw new Conflict(apiMessages.outOfStock(part.availableQuantity), {
        availableQuantity: String(part.availableQuantity),
      });
    },

    /**
     * One order of many lines, from the caller's cart (emptied with it) or from `input.lines`
     * (checkout.ts). A repeat under the same idempotency key answers with the first order.
     */
    async checkout(
      customer: Caller,
      input: CheckoutRequest,
      idempotencyKey?: string,
    ): Promise<InsertResult & { order: Order }> {
      const hash = idempotencyKey ? requestHash(input) : undefined;
      const { order, lines, replayed } = await placeLines(customer, input, idempotencyKey, hash);
      if (replayed && order.idempotencyHash !== hash)
        throw new Unprocessable(apiMessages.idempotencyKeyReused);
      return { acknowledged: true, insertedId: order.id, order: toOrderDto(order, lines) };
    },

    async listMine(customer: Caller, query: MyOrdersQuery): Promise<Page<Order>> {
      if (query.email !== customer.email) throw new Forbidden(apiMessages.forbidden);
      const { items, total } = await orders.listForCustomer(customer.email, query.status, toOffset(query));
      return { items: await withLines(items), total };
    },

    async listAll(query: OrdersQuery): Promise<Page<Order>> {
      const { items, total } = await orders.listAll(query, toOffset(query));
      return { items: await withLines(items), total };
    },

    /**
     * The desk's orders as CSV, newest first, in chunks of a batch each: the byte-order mark
     * and header come with the first, which is read before anything is sent (so a database
     * that is down is still a clean 503).
     */
    async *exportCsv(filter: OrdersFilter, batchSize = CSV_BATCH_SIZE): AsyncGenerator<string> {
      let head = CSV_BOM + csvRow(ORDER_CSV_COLUMNS.map(([name]) => name));
      for await (const batch of orders.batches(filter, batchSize)) {
        // One query for the whole batch's lines; one CSV row per line.
        const lines = await orders.linesOf(batch.map((row) => row.id));
        const rows = batch.flatMap((row) =>
          (lines.get(row.id) ?? [lineOfOrder(row)]).map((line) =>
            csvRow(ORDER_CSV_COLUMNS.map(([, read]) => read(row, line))),
          ),
        );
        yield head + rows.join('');
        head = '';
      }
      if (head) yield head;
    },

    /**
     * The customer's own orders as CSV (my-orders-csv.ts), newest first, a batch at a time: whose
     * orders is the caller's, from the token, never from the request.
     */
    exportMineCsv(
      customer: Caller,
      query: MyOrdersCsvQuery,
      batchSize = CSV_BATCH_SIZE,
    ): AsyncGenerator<string> {
      const batches = orders.customerBatches(customer.email, query.status, batchSize);
      return myOrdersCsv(
        { batches, linesOf: orders.linesOf, paymentsOf: orders.paymentsOf },
        deps.money.currency,
      );
    },

    async payment(requester: Caller, id: string): Promise<OrderPayment> {
      const order = await visibleOrder(requester, id);
      const [lines, events, payments] = await Promise.all([
        orders.linesOf([order.id]),
        orders.events(order.id),
        orders.paymentsOf([order.id]),
      ]);
      return {
        order: toOrderDetailDto(order, lines.get(order.id) ?? [], events, payments.get(order.id) ?? []),
        instructions: deps.paymentInstructions,
        cardPayments: deps.cardPayments ?? false,
        seller: deps.seller,
      };
    },

    /** The invoice's figures (features/invoices), for exactly those who may see the order. */
    async invoiceData(requester: Caller, id: string): Promise<InvoiceOrder> {
      const order = await visibleOrder(requester, id);
      return toInvoiceOrder(order, (await orders.linesOf([order.id])).get(order.id) ?? []);
    },

    /** The spec's Cancel Order: an unpaid order, by its owner or an admin. */
    async cancel(requester: Caller, id: string): Promise<UpdateResult> {
      const order = await visibleOrder(requester, id);
      const cancelled = await moves.move(order.id, {
        from: ['unpaid'],
        to: 'cancelled',
        by: requester.email,
        owner: hasAdminPowers(requester) ? undefined : requester.email,
        byAdmin: hasAdminPowers(requester),
      });
      if (cancelled) return { acknowledged: true, modifiedCount: 1 };
      const now = await orders.find(order.id);
      throw new Conflict(
        now?.status === 'cancelled' ? apiMessages.alreadyCancelled : apiMessages.cannotCancelPaid,
      );
    },

    /** The admin's desk: any move of ORDER_MOVES (packages/shared), refused (409) from any other status. */
    async move(
      admin: Caller,
      id: string,
      update: OrderStatusUpdate,
    ): Promise<UpdateResult & { order: Order }> {
      const moved = await moves.move(id, {
        from: statusesMovableTo(update.status),
        to: update.status,
        by: admin.email,
        carrier: update.carrier,
        trackingNumber: update.trackingNumber,
        byAdmin: true,
      });
      const [shown] = moved ? await withLines([moved]) : [];
      if (shown) return { acknowledged: true, modifiedCount: 1, order: shown };
      const order = await orders.find(id);
      if (!order) throw new NotFound(apiMessages.orderNotFound);
      throw new Conflict(apiMessages.invalidTransition(order.status, update.status));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
