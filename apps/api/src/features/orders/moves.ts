import { formatOrderNumber, type OrderStatus, paymentMessages } from '@store/shared';
import { Conflict } from '../../lib/domain-errors.js';
import { type AuditRecord, type AuditTrail, changedFields } from '../audit/index.js';
import { record } from './record.js';
import type { FoundEvent, OrderEventRow, OrderLineRow, OrderRow, OrdersRepo } from './repo.js';

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
