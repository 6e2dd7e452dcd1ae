import { uiMessages as m } from '@store/shared';
/** Previous/next with the page count; page numbers live in the URL of the page using it. */
export function Pagination({
  page,
  total,
  limit,
  onPage,
  label,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-3">
      <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {m.previous}
      </button>
      <span className="text-sm" aria-live="polite">
        {m.pageOf(page, pages)}
      </span>
      <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {m.next}
      </button>
    </nav>
  );
}
