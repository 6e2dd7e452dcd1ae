import {
  apiMessages,
  type CheckoutRequest,
  lineProblem,
  MAX_ORDER_LINES,
  type MoneyPattern,
  checkoutMessages as m,
  type RefusedLine,
  type StoreContact,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, LinesRefused, LinesShort, Unprocessable } from '../../lib/domain-errors.js';
import type { Place } from './placement.js';
import type { AskedLine, LinePart, OrderLineRow, OrderRow } from './repo.js';

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

/** What the credit limit's refusal is worded from, beside the placement's figures. */
export interface OverLimitWording {
  /** What the customer's unpaid orders total now, in cents. */
  unpaidTotalCents: (email: string) => Promise<number>;
  money: MoneyPattern;
  contact: StoreContact;
}

/**
 * The credit limit's refusal. The placement answers the unpaid orders with this one
 * (`totalCents`); this order's own total is that less the unpaid orders, read just after the
 * refusal (which wrote nothing). An order above the limit on its own, a first order above all, is
 * told so and how to make it fit: paying for or cancelling another order would not make room.
 */
export async function overLimitRefusal(
  wording: OverLimitWording,
  email: string,
  totalCents: number,
  limitCents: number,
): Promise<Conflict> {
  const orderCents = totalCents - (await wording.unpaidTotalCents(email));
  return new Conflict(
    orderCents > limitCents
      ? apiMessages.orderAloneOverLimit(orderCents, limitCents, wording.money, wording.contact)
      : apiMessages.unpaidTotalTooHigh(totalCents, limitCents, wording.money, wording.contact),
  );
}

/** What checkout answers: the order, its lines, and whether it is a replay. */
export interface Placed {
  order: OrderRow;
  lines: OrderLineRow[];
  replayed: boolean;
}

/**
 * Places one order of many lines, from the cart (emptied with it) or from the body, in one round
 * trip whatever the number of lines (placement.ts, decision 045), and turns a refusal into its
 * answer, in the order the rules are applied: too many open orders, an empty cart, too many
 * lines, refused lines (422, every one with its problem) or lines whose stock ran out (409), over
 * the credit limit. A refused placement changed nothing, the cart included.
 */
export function createCheckout(deps: { place: Place; maxOpenOrders: number; wording: OverLimitWording }) {
  return async function checkout(
    customer: Caller,
    request: CheckoutRequest,
    idempotencyKey: string | undefined,
    hash: string | undefined,
  ): Promise<Placed> {
    const placed = await deps.place(customer, request, request.lines, idempotencyKey, hash);
    switch (placed.outcome) {
      case 'placed':
      case 'replayed':
        return { order: placed.order, lines: placed.lines, replayed: placed.outcome === 'replayed' };
      case 'too-many-open':
        throw new Conflict(apiMessages.tooManyOpenOrders(deps.maxOpenOrders));
      case 'empty':
        throw new Unprocessable(m.emptyCart);
      case 'too-many-lines':
        throw new Unprocessable(m.tooManyLines(MAX_ORDER_LINES));
      case 'refused': {
        // Judged here by the cart's rules on the rows the placement locked, so the 422 names
        // every line's problem and its nearest valid quantity.
        const { lines, refused } = judgeLines(placed.asked, placed.parts);
        if (refused.length > 0) throw new LinesRefused(m.linesRefused, refused);
        // The database refused a line the rules here accept: its stock, by the conditions it takes
        // stock on. Said as stock that ran out, with what is left.
        const short = new Set(placed.short);
        throw new LinesShort(
          m.stockRanOut,
          lines
            .filter((l) => short.has(l.part.id))
            .map((l) => ({
              partId: l.part.id,
              sku: l.part.sku,
              quantity: l.quantity,
              availableQuantity: l.part.availableQuantity,
            })),
        );
      }
      case 'over-limit':
        throw await overLimitRefusal(deps.wording, customer.email, placed.totalCents, placed.limitCents);
    }
  };
}
