import type { PaginationQuery } from '@store/shared';
import type { Response } from 'express';

export interface Page<T> {
  items: T[];
  total: number;
}

export const toOffset = ({ page, limit }: PaginationQuery) => ({ offset: (page - 1) * limit, limit });

/** Lists are JSON arrays; the total travels in a header (DESIGN.md §3). */
export function sendPage<T>(res: Response, page: Page<T>): void {
  res.setHeader('X-Total-Count', String(page.total));
  res.json(page.items);
}
