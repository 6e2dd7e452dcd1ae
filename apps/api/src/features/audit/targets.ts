import { type AuditFilter, type AuditTargetType, parseOrderNumber } from '@store/shared';

/**
 * How the trail finds the id an entry files its target under from what people quote: the orders
 * and parts features answer it, wired in app.ts (a feature reads no other feature's tables).
 */
export interface AuditTargetLookup {
  /** The id of the order numbered `number` (`PD-100001`), if there is one. */
  orderIdOfNumber(number: number): Promise<string | undefined>;
  /** The id of the part with this SKU, deleted parts too, if there is one. */
  partIdOfSku(sku: string): Promise<string | undefined>;
}

/** What a part's SKU may hold (the parts_sku_format check): anything else is looked up by nobody. */
const SKU = /^[A-Za-z0-9._-]{1,40}$/;

/**
 * The id entries name a target by, from what an admin typed: an order's number, a part's SKU, a
 * user's e-mail (a user's id, stored lower-cased) or the id itself. What names nothing stays as
 * typed, so it matches no entry rather than failing.
 */
async function resolve(type: AuditTargetType, text: string, lookup: AuditTargetLookup): Promise<string> {
  switch (type) {
    case 'order': {
      const number = parseOrderNumber(text);
      return (number !== undefined && (await lookup.orderIdOfNumber(number))) || text;
    }
    case 'part':
      return (SKU.test(text) && (await lookup.partIdOfSku(text))) || text;
    case 'user':
      return text.toLowerCase();
    default:
      return text;
  }
}

/** The filter with its target as the id entries hold; without a lookup, the target as typed. */
export async function withTargetId<F extends AuditFilter>(
  filter: F,
  lookup: AuditTargetLookup | undefined,
): Promise<F> {
  const { targetType, targetId } = filter;
  if (!lookup || !targetType || !targetId) return filter;
  return { ...filter, targetId: await resolve(targetType, targetId, lookup) };
}
