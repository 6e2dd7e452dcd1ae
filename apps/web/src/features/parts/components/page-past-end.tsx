import { pageMessages } from '@store/shared';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

/**
 * A page number past the end of a list that is not empty (an old link, a hand-typed URL): says
 * so and leads to the last page, instead of claiming nothing is listed.
 */
export function PagePastEnd({
  page,
  total,
  limit,
  children,
}: {
  page: number;
  total: number;
  limit: number;
  /** The list's pager. */
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / limit));
  const last = new URLSearchParams(params);
  last.set('page', String(pages));
  return (
    <>
      <div className="rounded-box bg-base-200 px-6 py-10 text-center" data-testid="page-past-end">
        <p className="text-base-content/80">{pageMessages.pagePastEnd(page, pages)}</p>
        <Link to={{ search: `?${last}` }} className="link link-primary mt-2 inline-block">
          {pageMessages.lastPageLink(pages)}
        </Link>
      </div>
      {children}
    </>
  );
}
