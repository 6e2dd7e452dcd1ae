import { fromCents, type Part, type StockLevel } from '@store/shared';
import { thumbnailUrl } from '../images/index.js';
import type { PartRow } from './repo.js';

/**
 * Judged here, not in the browser, so every page and card agrees and the threshold stays a
 * setting of the store (LOW_STOCK_THRESHOLD). Fewer units than the minimum order cannot be
 * ordered at all, so that is 'out' even when some are left.
 */
export function stockLevel(
  row: Pick<PartRow, 'availableQuantity' | 'minOrderQuantity'>,
  lowStockThreshold: number,
): StockLevel {
  if (row.availableQuantity === 0 || row.availableQuantity < row.minOrderQuantity) return 'out';
  return row.availableQuantity < lowStockThreshold ? 'low' : 'in';
}

/** `categorySlug`: the slug of the row's category, looked up in the tree by the caller. */
export function toPartDto(row: PartRow, lowStockThreshold: number, categorySlug: string | null = null): Part {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    thumb: thumbnailUrl(row.img),
    price: fromCents(row.priceCents),
    sku: row.sku,
    minOrderQuantity: row.minOrderQuantity,
    orderMultiple: row.orderMultiple,
    availableQuantity: row.availableQuantity,
    description: row.description,
    bulkDiscount: row.bulkDiscount,
    createdAt: row.createdAt.toISOString(),
    stock: stockLevel(row, lowStockThreshold),
    category: categorySlug,
    brand: row.brand,
    attributes: row.attributes,
  };
}

/**
 * A part as the audit trail records it (features/audit): the fields an admin sets, named and
 * valued as the API shows them (the price in dollars). Fields an edit leaves out are undefined,
 * and an edit's entry keeps only the fields it changed (`changedFields`).
 */
export const partAuditFields = (
  row: Partial<Pick<PartRow, 'sku' | 'orderMultiple' | 'availableQuantity' | 'bulkDiscount'>> &
    Pick<PartRow, 'name' | 'img' | 'priceCents' | 'minOrderQuantity' | 'description'>,
) => ({
  sku: row.sku,
  name: row.name,
  price: fromCents(row.priceCents),
  minOrderQuantity: row.minOrderQuantity,
  orderMultiple: row.orderMultiple,
  availableQuantity: row.availableQuantity,
  description: row.description,
  bulkDiscount: row.bulkDiscount,
  img: row.img,
});
