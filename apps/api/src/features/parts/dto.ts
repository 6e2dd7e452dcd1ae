import type { Part } from '@store/shared';
import type { PartRow } from './repo.js';

/** Cents to currency units happens here and nowhere else on the way out. */
export const centsToPrice = (cents: number) => cents / 100;

export function toPartDto(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    price: centsToPrice(row.priceCents),
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
    description: row.description,
    bulkDiscount: row.bulkDiscount,
    createdAt: row.createdAt.toISOString(),
  };
}
