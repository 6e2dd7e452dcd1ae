import { type ComponentProps, type ReactNode, useLayoutEffect, useRef } from 'react';
import { Pagination } from './pagination';

/**
 * Gives each body cell its column's name in `data-label`, which the stacked (phone) layout shows
 * before the cell (styles.css, `.table-stacked`). Read from the header row, so that pages list
 * their columns once; a header with no visible text (the actions) labels nothing.
 */
function labelCells(table: HTMLTableElement) {
  const names = [...table.querySelectorAll<HTMLTableCellElement>('thead tr:first-child th')].map((th) =>
    th.querySelector('.sr-only') ? '' : (th.textContent ?? '').trim(),
  );
  for (const row of table.tBodies[0]?.rows ?? []) {
    [...row.cells].forEach((cell, i) => {
      const name = names[i];
      if (name) cell.dataset.label = name;
      else delete cell.dataset.label;
    });
  }
}

/**
 * A table (header and body as children) with its pages below it. Wide screens scroll it in its
 * box; under `sm` its rows become stacked cards, so that no action is off a phone's screen. With
 * a `caption`, the table is named by it and its box is a named, focusable region.
 */
export function PagedTable({
  children,
  caption,
  ...pagination
}: ComponentProps<typeof Pagination> & { children: ReactNode; caption?: string }) {
  const table = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the page, the filter and each change.
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current);
  });
  return (
    <>
      <div
        className="mt-6 overflow-x-auto rounded-box border border-base-300"
        {...(caption && { role: 'region', 'aria-label': caption, tabIndex: 0 })}
      >
        <table ref={table} className="table table-stacked">
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
