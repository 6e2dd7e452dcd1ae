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
