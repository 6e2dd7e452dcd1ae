import { cartMessages as m } from './messages/cart.js';

/**
 * What a cart line's quantity may be: at least the part's minimum order, a whole number
 * of packs, at most the stock. A line that breaks a rule is kept and flagged with the nearest
 * quantity that keeps them all, so the customer sees why and fixes it with one click.
 */

export type LineProblemCode = 'below-minimum' | 'not-multiple' | 'over-stock' | 'unavailable';

export interface LineProblem {
  code: LineProblemCode;
  message: string;
  /** The nearest valid quantity; null when no quantity is valid (too little stock, delisted). */
  suggestedQuantity: number | null;
}

export interface LineRules {
  quantity: number;
  minOrderQuantity: number;
  /** The pack size: quantities are whole multiples of it. */
  orderMultiple: number;
  availableQuantity: number;
  /** Still listed in the catalog (not deleted). */
  listed: boolean;
}

/**
 * The valid quantity nearest to `quantity`, or null when none is. The minimum is a multiple of
 * the pack (the product form refuses it otherwise), so the valid quantities are the packs from
 * the minimum up to the stock. Halfway between two, the larger: the customer asked for more.
 */
export function nearestValidQuantity({
  quantity,
  minOrderQuantity,
  orderMultiple,
  availableQuantity,
}: Omit<LineRules, 'listed'>): number | null {
  const pack = Math.max(1, orderMultiple);
  const lowest = Math.ceil(Math.max(1, minOrderQuantity) / pack) * pack;
  const highest = Math.floor(availableQuantity / pack) * pack;
  if (highest < lowest) return null;
  const clamped = Math.min(Math.max(quantity, lowest), highest);
  const below = Math.floor(clamped / pack) * pack;
  const above = below === clamped ? below : below + pack;
  if (below < lowest) return above;
  if (above > highest) return below;
  return clamped - below < above - clamped ? below : above;
}

/**
 * The valid quantities to offer for `quantity`: the packs just below and above it when both are
 * valid (25 in packs of 10 → 20 and 30), else the nearest valid one (below the minimum, above the
 * stock). Empty when `quantity` is valid or none is. A quantity field offers them all.
 */
export function validQuantitiesNear(rules: Omit<LineRules, 'listed'>): number[] {
  const valid = (quantity: number) => lineProblem({ ...rules, quantity, listed: true }) === null;
  const nearest = nearestValidQuantity(rules);
  if (nearest === null || valid(rules.quantity)) return [];
  const pack = Math.max(1, rules.orderMultiple);
  const below = Math.floor(rules.quantity / pack) * pack;
  const packs = [below, below + pack];
  return packs.every(valid) ? packs : [nearest];
}

/**
 * The line's first broken rule, or null when it may be ordered as it is: the cart's hints. Its
 * twin is the database's `line_verdict` (apps/api/src/features/orders/placement.sql), which judges
 * every order placed; the two are compared on random inputs. A rule changes in both, and only
 * there.
 */
export function lineVerdict(line: LineRules): LineProblemCode | null {
  const pack = Math.max(1, line.orderMultiple);
  if (!line.listed) return 'unavailable';
  // The most whole packs the stock holds is fewer than the fewest packs the minimum needs.
  if (Math.floor(line.availableQuantity / pack) < Math.ceil(Math.max(1, line.minOrderQuantity) / pack)) {
    return 'unavailable';
  }
  if (line.quantity > line.availableQuantity) return 'over-stock';
  if (line.quantity < line.minOrderQuantity) return 'below-minimum';
  if (line.quantity % pack !== 0) return 'not-multiple';
  return null;
}

/** A broken rule in words, with the nearest quantity that keeps them all (the placement's refusals too). */
export function describeLineProblem(code: LineProblemCode, line: LineRules): LineProblem {
  const suggestedQuantity = line.listed ? nearestValidQuantity(line) : null;
  const message = {
    unavailable: () =>
      line.listed ? m.notEnoughForMinimum(line.availableQuantity, line.minOrderQuantity) : m.unavailable,
    'over-stock': () => m.overStock(line.availableQuantity),
    'below-minimum': () => m.belowMinimum(line.minOrderQuantity),
    'not-multiple': () => m.notMultiple(line.orderMultiple),
  }[code]();
  return { code, message, suggestedQuantity };
}

/** The line's first broken rule in words, or null when it may be ordered as it is. */
export function lineProblem(line: LineRules): LineProblem | null {
  const code = lineVerdict(line);
  return code && describeLineProblem(code, line);
}
