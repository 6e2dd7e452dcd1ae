import { fromCents, type Part } from '@store/shared';
import { thumbnailUrl } from '../images/store.js';
import type { PartRow } from './repo.js';

export function toPartDto(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    thumb: thumbnailUrl(row.img),
    price: fromCents(row.priceCents),
    minOrderQuantity: row.minOrderQuantity,
    availableQuantity: row.availableQuantity,
    description: row.description,
    bulkDiscount: row.bulkDiscount,
    createdAt: row.createdAt.toISOString(),
  };
}
