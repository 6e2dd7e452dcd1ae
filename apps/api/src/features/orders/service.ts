import {
  apiMessages,
  computeBill,
  fromCents,
  IDEMPOTENCY_KEY_TTL_HOURS,
  type Order,
  type OrderInput,
  type OrderPayment,
  type OrderStatus,
  type OrdersQuery,
  type PaginationQuery,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, Forbidden, Invalid, NotFound, Unprocessable } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { PartsRepo } from '../parts/repo.js';
import type { OrderRow, OrdersRepo } from './repo.js';

function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    partId: row.partId,
    productName: row.productName,
    userName: row.userName,
    email: row.email,
    unitPrice: fromCents(row.unitPriceCents),
    productQuantity: row.productQuantity,
    price: fromCents(row.totalCents),
    discount: fromCents(row.discountCents),
    phone: row.phone,
    address: row.address,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The only forward moves an admin makes (spec's 'UnPaid' button, hardened). */
const NEXT: Partial<Record<OrderStatus, OrderStatus>> = { unpaid: 'paid', paid: 'shipped' };

export function createOrdersService(deps: {
  orders: OrdersRepo;
  parts: PartsRepo;
  paymentInstructions: string;
}) {
  const { orders, parts } = deps;

  /** Owner or admin; anyone else learns nothing, not even that the order exists. */
  async function visibleOrder(requester: Caller, id: string): Promise<OrderRow> {
    const order = await orders.find(id);
    if (!order || (order.email !== requester.email && requester.role !== 'admin')) {
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
      const placed = await orders.place(
        {
          partId: input.partId,
          quantity: input.productQuantity,
          email: customer.email,
          idempotencyKey,
          keyTtlHours: IDEMPOTENCY_KEY_TTL_HOURS,
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
      if (placed) {
        const { order, replayed } = placed;
        // The same key for another order is a client bug: refuse it rather than guess which.
        if (replayed && (order.partId !== input.partId || order.productQuantity !== input.productQuantity)) {
          throw new Unprocessable(apiMessages.idempotencyKeyReused);
        }
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

    async listMine(customer: Caller, email: string, query: PaginationQuery): Promise<Page<Order>> {
      if (email !== customer.email) throw new Forbidden(apiMessages.forbidden);
      const { items, total } = await orders.listForCustomer(customer.email, toOffset(query));
      return { items: items.map(toOrderDto), total };
    },

    async listAll(query: OrdersQuery): Promise<Page<Order>> {
      const { items, total } = await orders.listAll(query.status, toOffset(query));
      return { items: items.map(toOrderDto), total };
    },

    async payment(requester: Caller, id: string): Promise<OrderPayment> {
      return { order: toOrderDto(await visibleOrder(requester, id)), instructions: deps.paymentInstructions };
    },

    async cancel(requester: Caller, id: string) {
      const order = await visibleOrder(requester, id);
      const cancelled = await orders.cancel(
        order.id,
        requester.role === 'admin' ? undefined : requester.email,
      );
      if (cancelled) return { acknowledged: true, modifiedCount: 1 };
      const now = await orders.find(order.id);
      throw new Conflict(
        now?.status === 'cancelled' ? apiMessages.alreadyCancelled : apiMessages.cannotCancelPaid,
      );
    },

    async advance(id: string, to: 'paid' | 'shipped') {
      const order = await orders.find(id);
      if (!order) throw new NotFound(apiMessages.orderNotFound);
      const from = order.status;
      const updated = NEXT[from] === to ? await orders.advance(id, from, to) : undefined;
      if (!updated) throw new Conflict(apiMessages.invalidTransition(from, to));
      return { acknowledged: true, modifiedCount: 1, order: toOrderDto(updated) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
