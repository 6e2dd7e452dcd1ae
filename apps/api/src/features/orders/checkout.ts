import {
  apiMessages,
  type CheckoutRequest,
  computeBill,
  lineProblem,
  MAX_ORDER_LINES,
  checkoutMessages as m,
  orderMessages,
  type RefusedLine,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, LinesRefused, LinesShort, Unprocessable } from '../../lib/domain-errors.js';
import { announce, KEY_LIFETIME_SECONDS } from './record.js';
import {
  IdempotencyKeyTaken,
  type LinePart,
  type OrderLineRow,
  type OrderRow,
  type OrdersRepo,
  type OrdersTransaction,
} from './repo.js';

/** A line as asked: the part by id or SKU, and a quantity. */
interface AskedLine {
  partId?: string | undefined;
  sku?: string | undefined;
  quantity: number;
}

/** A line with its part found, the quantities of the same part on several lines summed. */
interface JudgedLine {
  part: LinePart;
  quantity: number;
}

/**
 * Finds each line's part (by id, or by SKU case-insensitively), merges the lines of one part
 * (first place kept), and judges each by the cart's rules (packages/shared/src/cart-rules.ts): a
 * part that does not exist or is delisted is 'unavailable'. Every refused line is reported, not
 * only the first, so the customer fixes them all at once.
 */
export function judgeLines(
  asked: AskedLine[],
  found: LinePart[],
): { lines: JudgedLine[]; refused: RefusedLine[] } {
  const byId = new Map(found.map((part) => [part.id, part]));
  const bySku = new Map(found.map((part) => [part.sku.toLowerCase(), part]));
  const merged = new Map<string, JudgedLine>();
  const refused: RefusedLine[] = [];
  for (const line of asked) {
    const part =
      line.partId !== undefined ? byId.get(line.partId) : bySku.get((line.sku ?? '').toLowerCase());
    if (!part) {
      refused.push({
        partId: line.partId ?? null,
        sku: line.sku ?? null,
        quantity: line.quantity,
        problem: {
          code: 'unavailable',
          message: line.sku !== undefined ? m.unknownSku(line.sku) : m.unknownPart,
          suggestedQuantity: null,
        },
      });
      continue;
    }
    const same = merged.get(part.id);
    if (same) same.quantity += line.quantity;
    else merged.set(part.id, { part, quantity: line.quantity });
  }
  for (const { part, quantity } of merged.values()) {
    const problem = lineProblem({ ...part, quantity });
    if (problem) refused.push({ partId: part.id, sku: part.sku, quantity, problem });
  }
  return { lines: [...merged.values()], refused };
}

/** What checkout answers: the order, its lines (undefined for a replay: read them), and whether it is a replay. */
export interface Placed {
  order: OrderRow;
  lines: OrderLineRow[] | undefined;
  replayed: boolean;
}

/**
 * Places one order of many lines, in one transaction with a bounded number of statements
 * whatever the number of lines: the customer's lock, the key look-up with the open orders, the
 * cart (emptied by the same statement that reads it), the parts, ONE conditional update taking
 * every line's stock in order of part id, ONE statement inserting the order, all its lines and
 * its history entry, and its job. Anything refused throws, which rolls back all of it, the cart
 * included.
 */
/** The cart's lines, emptied under the cart's lock (after the customer's: db/locks.ts). */
async function takeCart(tx: OrdersTransaction, email: string): Promise<AskedLine[]> {
  await tx.lockCart(email);
  return tx.takeCart(email);
}

export function createCheckout(deps: {
  orders: OrdersRepo;
  maxOpenOrders: number;
  maxUnpaidTotalCents: number;
}) {
  const { orders } = deps;

  async function placeIn(
    tx: OrdersTransaction,
    customer: Caller,
    request: CheckoutRequest,
    idempotencyKey: string | undefined,
    hash: string | undefined,
  ): Promise<Placed> {
    const { email } = customer;
    // The lock first, then the key: a retry sent while its first request is still running waits
    // here for it, then answers with its order (not 'Your cart is empty', which the first order
    // made true).
    await tx.lockCustomer(email);
    // The key's look-up and the open orders in one statement (decision 044).
    const { earlier, open } = await tx.keyAndOpenOrders(email, idempotencyKey);
    if (idempotencyKey && earlier && earlier.ageSeconds <= KEY_LIFETIME_SECONDS) {
      const order = await tx.findByKey(email, idempotencyKey);
      if (order) return { order: order.order, lines: undefined, replayed: true };
    }
    if (earlier) await tx.freeKey(earlier.id);
    if (open.count >= deps.maxOpenOrders)
      throw new Conflict(apiMessages.tooManyOpenOrders(deps.maxOpenOrders));

    const asked: AskedLine[] = request.lines ?? (await takeCart(tx, email));
    if (asked.length === 0) throw new Unprocessable(m.emptyCart);
    if (asked.length > MAX_ORDER_LINES) throw new Unprocessable(m.tooManyLines(MAX_ORDER_LINES));
    const ids = asked.flatMap((l) => (l.partId === undefined ? [] : [l.partId]));
    const skus = asked.flatMap((l) => (l.sku === undefined ? [] : [l.sku]));
    const { lines, refused } = judgeLines(asked, await tx.linePartsFor(ids, skus));
    if (refused.length > 0) throw new LinesRefused(m.linesRefused, refused);

    const wanted = lines.map((l) => ({ partId: l.part.id, quantity: l.quantity }));
    const taken = new Map((await tx.takeLines(wanted)).map((part) => [part.id, part]));
    if (taken.size < lines.length) {
      // Another order took the stock between the look at the parts and the update: say which
      // lines, with what is left now (the untaken parts' rows are as other orders left them).
      const short = lines.filter((l) => !taken.has(l.part.id));
      const now = new Map(
        (
          await tx.linePartsFor(
            short.map((l) => l.part.id),
            [],
          )
        ).map((part) => [part.id, part]),
      );
      throw new LinesShort(
        m.stockRanOut,
        short.map((l) => ({
          partId: l.part.id,
          sku: l.part.sku,
          quantity: l.quantity,
          availableQuantity: now.get(l.part.id)?.availableQuantity ?? 0,
        })),
      );
    }

    // Priced from the rows the update locked: the price is the one the stock was taken at.
    const priced = lines.map((line, index) => {
      const part = taken.get(line.part.id);
      if (!part) throw new Error('A taken part went missing');
      return {
        position: index + 1,
        partId: part.id,
        sku: part.sku,
        productName: part.name,
        unitPriceCents: part.priceCents,
        quantity: line.quantity,
        ...computeBill(part.priceCents, line.quantity, part.bulkDiscount),
      };
    });
    const totalCents = priced.reduce((sum, l) => sum + l.totalCents, 0);
    const limitCents = open.ownLimitCents ?? deps.maxUnpaidTotalCents;
    if (open.heldCents + totalCents > limitCents) {
      throw new Conflict(apiMessages.unpaidTotalTooHigh(open.heldCents + totalCents, limitCents));
    }
    const [first] = priced;
    if (!first) throw new Error('An order without lines');
    // The order, every line and the history entry in one statement, then the job (decision 044).
    const {
      order,
      lines: inserted,
      eventId,
    } = await tx.insertPlaced({
      order: {
        partId: first.partId,
        productName:
          priced.length === 1
            ? first.productName
            : orderMessages.firstAndMore(first.productName, priced.length - 1),
        unitPriceCents: first.unitPriceCents,
        productQuantity: priced.reduce((sum, l) => sum + l.quantity, 0),
        // A one-line order keeps its line's discount rate; a multi-line order's rates are its lines'.
        discountPercent: priced.length === 1 ? first.discountPercent : 0,
        discountCents: priced.reduce((sum, l) => sum + l.discountCents, 0),
        totalCents,
        lineCount: priced.length,
        poReference: request.poReference ?? null,
        userName: customer.name,
        email,
        phone: request.phone,
        address: request.address,
        idempotencyKey,
        idempotencyHash: idempotencyKey ? hash : undefined,
      },
      lines: priced.map(({ subtotalCents: _subtotal, ...line }) => line),
      by: email,
    });
    await announce(tx, eventId);
    return { order, lines: inserted, replayed: false };
  }

  /**
   * With an idempotency key, a repeat answers with the first order (`replayed`); a concurrent
   * repeat that got past the look-up meets the unique index and answers with the order that won.
   */
  return async function checkout(
    customer: Caller,
    request: CheckoutRequest,
    idempotencyKey: string | undefined,
    hash: string | undefined,
  ): Promise<Placed> {
    try {
      return await orders.inTransaction((tx) => placeIn(tx, customer, request, idempotencyKey, hash));
    } catch (error) {
      if (!(error instanceof IdempotencyKeyTaken) || !idempotencyKey) throw error;
      const winner = await orders.findByKey(customer.email, idempotencyKey);
      if (!winner) throw error;
      return { order: winner, lines: undefined, replayed: true };
    }
  };
}
