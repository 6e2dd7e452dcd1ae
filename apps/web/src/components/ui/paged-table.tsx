import type { ComponentProps, ReactNode } from 'react';
import { Pagination } from './pagination';

/**
 * A scrollable table (header and body as children) with its pages below it. With a `caption`,
 * the table is named by it and its scrolling box is a named, focusable region, so that keyboard
 * users can scroll a table wider than a phone's screen.
 */
export function PagedTable({
  children,
  caption,
  ...pagination
}: ComponentProps<typeof Pagination> & { children: ReactNode; caption?: string }) {
  return (
    <>
      <div
        className="mt-6 overflow-x-auto rounded-box border border-base-300"
        {...(caption && { role: 'region', 'aria-label': caption, tabIndex: 0 })}
      >
        <table className="table">
          {caption && <caption className="sr-only">{caption}</caption>}
          {children}
        </table>
      </div>
      <Pagination {...pagination} />
    </>
  );
}

/** The page number kept in the URL (?page=N), 1 when missing or not a number. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
