import {
  apiMessages,
  computeBill,
  IDEMPOTENCY_KEY_TTL_HOURS,
  type MyOrdersQuery,
  type Order,
  type OrderInput,
  type OrderPayment,
  type OrderStatus,
  type OrderStatusUpdate,
  type OrdersFilter,
  type OrdersQuery,
  type Seller,
} from '@store/shared';
import { type Caller, hasAdminPowers } from '../../auth/caller.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import { requestHash } from '../../lib/request-hash.js';
import type { ListedParts } from '../parts/service.js';
import { type InvoiceOrder, ORDER_CSV_COLUMNS, toInvoiceOrder, toOrderDetailDto, toOrderDto } from './dto.js';
import type { OrderRow, OrdersRepo } from './repo.js';

/** Orders the CSV export reads at a time: memory stays bounded however many there are. */
export const CSV_BATCH_SIZE = 500;

/**
 * The moves an admin may make, by where they lead: from which statuses (docs/decisions/010). Paid
 * back to unpaid undoes a payment marked by mistake; shipped and cancelled are final.
 */
const ADMIN_MOVES: Record<OrderStatus, OrderStatus[]> = {
  paid: ['unpaid'],
  shipped: ['paid'],
  unpaid: ['paid'],
  cancelled: ['unpaid', 'paid'],
};

export function createOrdersService(deps: {
  orders: OrdersRepo;
  parts: ListedParts;
  paymentInstructions: string;
  /** Named on the invoice page as on the PDF (features/invoices). */
  seller: Seller;
  /** Unpaid orders one customer may hold at once. */
  maxOpenOrders: number;
  /** MAX_UNPAID_TOTAL in cents: what one customer's unpaid orders may total by default. */
  maxUnpaidTotalCents: number;
}) {
  const { orders, parts } = deps;

  /** Owner or admin; anyone else learns nothing, not even that the order exists. */
  async function visibleOrder(requester: Caller, id: string): Promise<OrderRow> {
    const order = await orders.find(id);
    if (!order || (order.email !== requester.email && !hasAdminPowers(requester))) {
      throw new NotFound(apiMessages.orderNotFound);
    }
    return order;
  }

  return {
    /**
     * Name and e-mail from the account; prices from the database; stock taken atomically.
     * A repeat under the same idempotency key answers with the first order, as it was answered.
     */
    async place(customer: Caller, input: OrderInput, idempotencyKey?: string) {
      const hash = idempotencyKey ? requestHash(input) : undefined;
      const placed = await orders.place(
        {
          partId: input.partId,
          quantity: input.productQuantity,
          email: customer.email,
          idempotencyKey,
          idempotencyHash: hash,
          keyTtlHours: IDEMPOTENCY_KEY_TTL_HOURS,
          maxOpenOrders: deps.maxOpenOrders,
          maxUnpaidTotalCents: deps.maxUnpaidTotalCents,
        },
        (part) => {
          const bill = computeBill(part.priceCents, input.productQuantity, part.bulkDiscount);
          return {
            productQuantity: input.productQuantity,
            discountPercent: bill.discountPercent,
            discountCents: bill.discountCents,
            totalCents: bill.totalCents,
            userName: customer.name,
            email: customer.email,
            phone: input.phone,
            address: input.address,
          };
        },
      );
      if (placed.kind === 'too-many-open')
        throw new Conflict(apiMessages.tooManyOpenOrders(deps.maxOpenOrders));
      if (placed.kind === 'over-credit-limit')
        throw new Conflict(apiMessages.unpaidTotalTooHigh(placed.totalCents, placed.limitCents));
      if (placed.kind === 'placed') {
        const { order, replayed } = placed;
        // The same key with any other body is a client bug: refuse it rather than guess which
        // was meant. Orders placed before hashes were kept are judged on part and quantity.
        const sameRequest = order.idempotencyHash
          ? order.idempotencyHash === hash
          : order.partId === input.partId && order.productQuantity === input.productQuantity;
        if (replayed && !sameRequest) throw new Unprocessable(apiMessages.idempotencyKeyReused);
        return { acknowledged: true, insertedId: order.id, order: toOrderDto(order) };
      }

      // The stock was not taken: say why, with today's numbers.
      const part = await parts.findListed(input.partId);
      if (!part) throw new NotFound(apiMessages.partNotFound);
      if (input.productQuantity < part.minOrderQuantity) {
        throw new Invalid(apiMessages.belowMinimum(part.minOrderQuantity), {
          productQuantity: apiMessages.belowMinimum(part.minOrderQuantity),
        });
      }
      throw new Conflict(apiMessages.outOfStock(part.availableQuantity), {
        availableQuantity: String(part.availableQuantity),
      });
    },

    async listMine(customer: Caller, query: MyOrdersQuery): Promise<Page<Order>> {
      if (query.email !== customer.email) throw new Forbidden(apiMessages.forbidden);
      const { items, total } = await orders.listForCustomer(customer.email, query.status, toOffset(query));
      return { items: items.map(toOrderDto), total };
    },

    async listAll(query: OrdersQuery): Promise<Page<Order>> {
      const { items, total } = await orders.listAll(query, toOffset(query));
      return { items: items.map(toOrderDto), total };
    },

    /**
     * The desk's orders as CSV, newest first, in chunks of a batch each: the byte-order mark
     * and header come with the first, which is read before anything is sent (so a database
     * that is down is still a clean 503).
     */
    async *exportCsv(filter: OrdersFilter, batchSize = CSV_BATCH_SIZE): AsyncGenerator<string> {
      let head = CSV_BOM + csvRow(ORDER_CSV_COLUMNS.map(([name]) => name));
      for await (const batch of orders.batches(filter, batchSize)) {
        yield head + batch.map((row) => csvRow(ORDER_CSV_COLUMNS.map(([, read]) => read(row)))).join('');
        head = '';
      }
      if (head) yield head;
    },

    async payment(requester: Caller, id: string): Promise<OrderPayment> {
      const order = await visibleOrder(requester, id);
      return {
        order: toOrderDetailDto(order, await orders.events(order.id)),
        instructions: deps.paymentInstructions,
        seller: deps.seller,
      };
    },

    /** The invoice's figures (features/invoices), for exactly those who may see the order. */
    async invoiceData(requester: Caller, id: string): Promise<InvoiceOrder> {
      return toInvoiceOrder(await visibleOrder(requester, id));
    },

    /** The spec's Cancel Order: an unpaid order, by its owner or an admin. */
    async cancel(requester: Caller, id: string) {
      const order = await visibleOrder(requester, id);
      const cancelled = await orders.move(order.id, {
        from: ['unpaid'],
        to: 'cancelled',
        by: requester.email,
        owner: hasAdminPowers(requester) ? undefined : requester.email,
      });
      if (cancelled) return { acknowledged: true, modifiedCount: 1 };
      const now = await orders.find(order.id);
      throw new Conflict(
        now?.status === 'cancelled' ? apiMessages.alreadyCancelled : apiMessages.cannotCancelPaid,
      );
    },

    /** The admin's desk: any move of ADMIN_MOVES, refused (409) from any other status. */
    async move(admin: Caller, id: string, update: OrderStatusUpdate) {
      const moved = await orders.move(id, {
        from: ADMIN_MOVES[update.status],
        to: update.status,
        by: admin.email,
        carrier: update.carrier,
        trackingNumber: update.trackingNumber,
      });
      if (moved) return { acknowledged: true, modifiedCount: 1, order: toOrderDto(moved) };
      const order = await orders.find(id);
      if (!order) throw new NotFound(apiMessages.orderNotFound);
      throw new Conflict(apiMessages.invalidTransition(order.status, update.status));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
