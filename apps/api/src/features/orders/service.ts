import {
  apiMessages,
  BULK_DISCOUNT,
  type CheckoutRequest,
  type InsertResult,
  MAX_ORDER_LINES,
  type MoneyPattern,
  type MyOrdersCsvQuery,
  type MyOrdersQuery,
  type Order,
  type OrderPayment,
  type OrderRequest,
  type OrderStatusUpdate,
  type OrdersFilter,
  type OrdersQuery,
  type Seller,
  type StoreContact,
  statusesMovableTo,
  type TaxRule,
  type UpdateResult,
} from '@store/shared';
import { type Caller, hasAdminPowers } from '../../auth/caller.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { Conflict, Forbidden, NotFound, Unprocessable } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import { requestHash } from '../../lib/request-hash.js';
import type { AuditTrail } from '../audit/index.js';
import { type InvoiceOrder, ORDER_CSV_COLUMNS, toInvoiceOrder, toOrderDetailDto, toOrderDto } from './dto.js';
import { createOrderMoves } from './moves.js';
import { myOrdersCsv } from './my-orders-csv.js';
import { KEY_LIFETIME_SECONDS } from './record.js';
import { checkoutRefusal, type Refusal, type RefusalWording, specOrderRefusal } from './refusals.js';
import {
  type AskedLine,
  IdempotencyKeyTaken,
  type OrderLineRow,
  type OrderRow,
  type OrdersRepo,
  type Placement,
  type PlacementRules,
} from './repo.js';

/** Orders the CSV export reads at a time: memory stays bounded however many there are. */
export const CSV_BATCH_SIZE = 500;

export function createOrdersService(deps: {
  orders: OrdersRepo;
  /** Where admins' moves and cancels are recorded, each in its own transaction. */
  audit: AuditTrail;
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
  const { orders } = deps;
  const moves = createOrderMoves(orders, deps.audit);
  // The store's rules, handed to the database, which judges, prices and places an order in one
  // round trip (placement.sql, decision 045).
  const rules: PlacementRules = {
    maxOpenOrders: deps.maxOpenOrders,
    defaultLimitCents: deps.maxUnpaidTotalCents,
    keyLifetimeSeconds: KEY_LIFETIME_SECONDS,
    maxLines: MAX_ORDER_LINES,
    bulk: BULK_DISCOUNT,
    tax: deps.tax,
  };
  const wording: RefusalWording = {
    maxOpenOrders: deps.maxOpenOrders,
    unpaidTotalCents: orders.unpaidTotalCents,
    money: deps.money,
    contact: deps.contact,
  };

  /**
   * Places an order, both ways of ordering alike: name and e-mail from the account, prices,
   * totals and stock from the database. With an idempotency key, a repeat answers with the first
   * order (`replayed`); a concurrent repeat that got past the look-up (the customer's lock makes
   * that rare) meets the unique index and answers with the order that won.
   */
  async function place(
    customer: Caller,
    contact: { phone: string; address: string; poReference?: string | null | undefined },
    /** Undefined: the customer's cart. */
    lines: AskedLine[] | undefined,
    idempotencyKey: string | undefined,
    hash: string | undefined,
  ): Promise<Placement> {
    try {
      return await orders.place(
        {
          email: customer.email,
          userName: customer.name,
          phone: contact.phone,
          address: contact.address,
          poReference: contact.poReference ?? null,
          idempotencyKey,
          idempotencyHash: idempotencyKey ? hash : undefined,
          lines,
        },
        rules,
      );
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken) || !idempotencyKey) throw error;
      const winner = await orders.findByKey(customer.email, idempotencyKey);
      if (!winner) throw error;
      const winnerLines = (await orders.linesOf([winner.id])).get(winner.id) ?? [];
      return { outcome: 'replayed', order: winner, lines: winnerLines };
    }
  }

  /** A placed order as both ways of ordering answer it; a repeat with another body is refused. */
  function placedAnswer(
    { order, lines }: { order: OrderRow; lines: OrderLineRow[] },
    replayed: boolean,
    sameRequest: boolean,
  ): InsertResult & { order: Order } {
    // The same key with any other body is a client bug: refuse it rather than guess which was meant.
    if (replayed && !sameRequest) throw new Unprocessable(apiMessages.idempotencyKeyReused);
    return { acknowledged: true, insertedId: order.id, order: toOrderDto(order, lines) };
  }

  const isRefusal = (placed: Placement): placed is Refusal =>
    placed.outcome !== 'placed' && placed.outcome !== 'replayed';

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

    /** The spec's one-part order: a one-line order, its refusals in the spec's words. */
    async place(
      customer: Caller,
      input: OrderRequest,
      idempotencyKey?: string,
    ): Promise<InsertResult & { order: Order }> {
      const hash = idempotencyKey ? requestHash(input) : undefined;
      const placed = await place(
        customer,
        input,
        [{ partId: input.partId, quantity: input.productQuantity }],
        idempotencyKey,
        hash,
      );
      if (isRefusal(placed)) throw await specOrderRefusal(placed, customer.email, wording);
      const { order, lines } = placed;
      // Orders placed before hashes were kept are judged on part and quantity.
      const sameRequest = order.idempotencyHash
        ? order.idempotencyHash === hash
        : lines.length === 1 &&
          lines[0]?.partId === input.partId &&
          lines[0]?.quantity === input.productQuantity;
      return placedAnswer(placed, placed.outcome === 'replayed', sameRequest);
    },

    /**
     * One order of many lines, from the caller's cart (emptied with it) or from `input.lines`,
     * all or nothing. A repeat under the same idempotency key answers with the first order.
     */
    async checkout(
      customer: Caller,
      input: CheckoutRequest,
      idempotencyKey?: string,
    ): Promise<InsertResult & { order: Order }> {
      const hash = idempotencyKey ? requestHash(input) : undefined;
      const placed = await place(customer, input, input.lines, idempotencyKey, hash);
      if (isRefusal(placed)) throw await checkoutRefusal(placed, customer.email, wording);
      return placedAnswer(placed, placed.outcome === 'replayed', placed.order.idempotencyHash === hash);
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
          (lines.get(row.id) ?? []).map((line) =>
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
