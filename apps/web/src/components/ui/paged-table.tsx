import type { ComponentProps, ReactNode } from 'react';
import { Pagination } from './pagination';

/** A scrollable table (header and body as children) with its pages below it. */
export function PagedTable({
  children,
  ...pagination
}: ComponentProps<typeof Pagination> & { children: ReactNode }) {
  return (
    <>
      <div className="mt-6 overflow-x-auto rounded-box border border-base-300">
        <table className="table">{children}</table>
      </div>
      <Pagination {...pagination} />
    </>
  );
}

/** The page number kept in the URL (?page=N), 1 when missing or not a number. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
