import type { PaginationQuery } from '@store/shared';
import type { Request, Response } from 'express';

export interface Page<T> {
  items: T[];
  total: number;
  /** The total stopped counting at a cap (a search): there are at least `total`. */
  totalCapped?: boolean;
  /** The next page's keyset cursor, when more follow (the catalog). */
  nextCursor?: string;
  /** A search's words as it likely meant them ('Did you mean', decision 052). */
  suggestion?: string;
}

export const toOffset = ({ page, limit }: PaginationQuery) => ({ offset: (page - 1) * limit, limit });

/** The request's own URL with `cursor` set and `page` dropped (the cursor replaces it). */
function nextUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://store.invalid');
  url.searchParams.delete('page');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

/**
 * Lists are JSON arrays; the total travels in a header (docs/architecture.md, 'Answers and
 * errors'), and so does the way to the next page: `Link: <…>; rel="next"` (RFC 8288) and the bare
 * cursor in `X-Next-Cursor`.
 */
export function sendPage<T>(req: Request, res: Response, page: Page<T>): void {
  res.setHeader('X-Total-Count', String(page.total));
  if (page.totalCapped) res.setHeader('X-Total-Count-Capped', 'true');
  if (page.nextCursor) {
    res.setHeader('Link', `<${nextUrl(req, page.nextCursor)}>; rel="next"`);
    res.setHeader('X-Next-Cursor', page.nextCursor);
  }
  // Percent-encoded: a header carries ASCII only, and the words may be any language's.
  if (page.suggestion) res.setHeader('X-Did-You-Mean', encodeURIComponent(page.suggestion));
  res.json(page.items);
}
