import { BULK_DISCOUNT, MAX_ORDER_LINES, orderMessages } from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { KEY_LIFETIME_SECONDS } from './record.js';
import {
  type AskedLine,
  IdempotencyKeyTaken,
  type OrderLineRow,
  type OrderRow,
  type OrdersRepo,
  type Placement,
  type PlacementRules,
} from './repo.js';

/** What the customer sends besides the lines; the rest comes from the account and the server. */
export interface Contact {
  phone: string;
  address: string;
  poReference?: string | null | undefined;
}

/**
 * Places an order (`POST /api/order` and `POST /api/checkout` alike) in one round trip: the
 * database applies the store's rules, handed over here (decision 045), and answers what happened.
 * With an idempotency key, a repeat answers with the first order (`replayed`); a concurrent repeat
 * that got past the look-up (the customer's lock makes that rare) meets the unique index and
 * answers with the order that won.
 */
export function createPlacement(deps: {
  orders: OrdersRepo;
  /** Unpaid orders one customer may hold at once. */
  maxOpenOrders: number;
  /** What one customer's unpaid orders may total without a credit limit of their own, in cents. */
  maxUnpaidTotalCents: number;
}) {
  const { orders } = deps;
  const rules: PlacementRules = {
    maxOpenOrders: deps.maxOpenOrders,
    defaultLimitCents: deps.maxUnpaidTotalCents,
    keyLifetimeSeconds: KEY_LIFETIME_SECONDS,
    maxLines: MAX_ORDER_LINES,
    bulk: BULK_DISCOUNT,
    moreName: orderMessages.firstAndMoreTemplate,
  };

  return async function place(
    customer: Caller,
    contact: Contact,
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
      const winner: OrderRow | undefined = await orders.findByKey(customer.email, idempotencyKey);
      if (!winner) throw error;
      const winnerLines: OrderLineRow[] = (await orders.linesOf([winner.id])).get(winner.id) ?? [];
      return { outcome: 'replayed', order: winner, lines: winnerLines };
    }
  };
}

export type Place = ReturnType<typeof createPlacement>;
