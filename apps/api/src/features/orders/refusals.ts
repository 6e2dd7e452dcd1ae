import {
  apiMessages,
  cartMessages,
  describeLineProblem,
  MAX_ORDER_LINES,
  type MoneyPattern,
  checkoutMessages as m,
  type RefusedLine,
  type StoreContact,
} from '@store/shared';
import {
  Conflict,
  type DomainError,
  Invalid,
  LinesRefused,
  NotFound,
  Unprocessable,
} from '../../lib/domain-errors.js';
import type { Placement, RefusedLineVerdict } from './repo.js';

/**
 * The words of a refused placement. The database judged every line once (`line_verdict`,
 * placement.sql) and answered a verdict per refused line with the figures it judged on; here
 * each verdict only becomes its message, in the shape each way of ordering answers.
 */

/** A placement that placed nothing, and why. */
export type Refusal = Exclude<Placement, { outcome: 'placed' | 'replayed' }>;

/** What the credit limit's refusal is worded from, beside the placement's figures. */
export interface RefusalWording {
  /** Unpaid orders one customer may hold at once. */
  maxOpenOrders: number;
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
async function overLimit(
  wording: RefusalWording,
  email: string,
  { totalCents, limitCents }: { totalCents: number; limitCents: number },
): Promise<Conflict> {
  const orderCents = totalCents - (await wording.unpaidTotalCents(email));
  return new Conflict(
    orderCents > limitCents
      ? apiMessages.orderAloneOverLimit(orderCents, limitCents, wording.money, wording.contact)
      : apiMessages.unpaidTotalTooHigh(totalCents, limitCents, wording.money, wording.contact),
  );
}

/** A refused line as checkout answers it: the part as named, the problem and its nearest valid quantity. */
function refusedLine(line: RefusedLineVerdict): RefusedLine {
  const { partId, sku, quantity } = line;
  if (line.verdict === 'unknown') {
    const message = sku !== null ? m.unknownSku(sku) : m.unknownPart;
    return { partId, sku, quantity, problem: { code: 'unavailable', message, suggestedQuantity: null } };
  }
  return { partId, sku, quantity, problem: describeLineProblem(line.verdict, line) };
}

/**
 * Checkout's answer to a refusal, in the order the rules are applied: too many open orders, an
 * empty cart, too many lines, refused lines (422, every one with its problem), over the credit
 * limit. A refused placement changed nothing, the cart included.
 */
export async function checkoutRefusal(
  refusal: Refusal,
  email: string,
  wording: RefusalWording,
): Promise<DomainError> {
  switch (refusal.outcome) {
    case 'too-many-open':
      return new Conflict(apiMessages.tooManyOpenOrders(wording.maxOpenOrders));
    case 'empty':
      return new Unprocessable(m.emptyCart);
    case 'too-many-lines':
      return new Unprocessable(m.tooManyLines(MAX_ORDER_LINES));
    case 'refused':
      return new LinesRefused(m.linesRefused, refusal.lines.map(refusedLine));
    case 'over-limit':
      return overLimit(wording, email, refusal);
  }
}

/**
 * The spec's one-part order (`POST /api/order`) answers a refused line in its own words, in the
 * spec's order: no such part (404), below the minimum, not whole packs (400, on the quantity),
 * then the stock left (409). Which words, not whether: the placement's verdict refused the line.
 */
function specLineRefusal(line: RefusedLineVerdict): DomainError {
  if (line.verdict === 'unknown' || !line.listed) return new NotFound(apiMessages.partNotFound);
  if (line.quantity < line.minOrderQuantity) {
    const message = apiMessages.belowMinimum(line.minOrderQuantity);
    return new Invalid(message, { productQuantity: message });
  }
  if (line.quantity % line.orderMultiple !== 0) {
    const message = cartMessages.notMultiple(line.orderMultiple);
    return new Invalid(message, { productQuantity: message });
  }
  return new Conflict(apiMessages.outOfStock(line.availableQuantity), {
    availableQuantity: String(line.availableQuantity),
  });
}

/** The spec's one-part order's answer to a refusal: its caps as checkout's, its line in its own words. */
export async function specOrderRefusal(
  refusal: Refusal,
  email: string,
  wording: RefusalWording,
): Promise<DomainError> {
  if (refusal.outcome === 'refused' && refusal.lines[0]) return specLineRefusal(refusal.lines[0]);
  return checkoutRefusal(refusal, email, wording);
}
