import {
  auditActionLabels,
  auditActions,
  auditTargetLabels,
  auditTargetTypes,
  auditMessages as m,
} from '@store/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuditTable } from '../../../components/audit-table';
import { DownloadButton } from '../../../components/ui/download-button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { type AuditFilterForm, auditLogPath } from '../../../lib/audit-queries';
import { auditLogQuery, fetchAuditCsv, filterOf } from '../api';

/**
 * Audit log (admin): every admin action, newest first, filtered by admin, action,
 * target and days, kept in the URL so a link or a reload shows the same entries; older entries
 * a page at a time; the same filters as CSV.
 */
export default function AuditLogPage() {
  const [params] = useSearchParams();
  const filter = filterOf(params);
  const navigate = useNavigate();
  const log = useInfiniteQuery(auditLogQuery(filter));
  const filtered = Object.keys(filter).length > 0;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = filterOf(
      new URLSearchParams([...form.entries()].map(([key, value]) => [key, String(value)])),
    );
    navigate(auditLogPath(next));
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-bold">{m.title}</h2>
        <DownloadButton fetchFile={() => fetchAuditCsv(filter)} className="btn btn-sm btn-outline">
          {m.downloadCsv}
        </DownloadButton>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-base-content/70">{m.intro}</p>
      {/* Keyed by the URL's filters: back and forward show their own values in the fields. */}
      <Filters
        key={params.toString()}
        filter={filter}
        onSubmit={apply}
        onClear={() => navigate(auditLogPath({}))}
      />
      <div className="mt-6">
        {log.isPending ? (
          <LoadingState label={m.loading} />
        ) : log.isError ? (
          <ErrorState message={m.failed} onRetry={() => log.refetch()} />
        ) : log.data.pages[0]?.items.length === 0 ? (
          <EmptyState>{filtered ? m.empty : m.noEntries}</EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-base-content/70" role="status">
              {m.count(
                log.data.pages.reduce((n, page) => n + page.items.length, 0),
                log.data.pages[0]?.total ?? 0,
                log.data.pages[0]?.totalCapped === true,
              )}
            </p>
            <AuditTable entries={log.data.pages.flatMap((page) => page.items)} caption={m.title} />
            {log.hasNextPage && (
              <button
                type="button"
                className="btn btn-sm mt-4"
                onClick={() => log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                aria-busy={log.isFetchingNextPage}
              >
                {m.more}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function Filters({
  filter,
  onSubmit,
  onClear,
}: {
  filter: AuditFilterForm;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}) {
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <form
      onSubmit={onSubmit}
      aria-label={m.filters}
      className="mt-4 grid grid-cols-1 gap-3 rounded-box bg-base-200 p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <label className={field}>
        {m.actor}
        <input
          name="actor"
          type="email"
          className="input input-sm w-full"
          defaultValue={filter.actor ?? ''}
          maxLength={254}
          autoComplete="off"
        />
      </label>
      <label className={field}>
        {m.action}
        <select name="action" className="select select-sm w-full" defaultValue={filter.action ?? ''}>
          <option value="">{m.anyAction}</option>
          {auditActions.map((action) => (
            <option key={action} value={action}>
              {auditActionLabels[action]}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {m.targetType}
        <select name="targetType" className="select select-sm w-full" defaultValue={filter.targetType ?? ''}>
          <option value="">{m.anyTarget}</option>
          {auditTargetTypes.map((type) => (
            <option key={type} value={type}>
              {auditTargetLabels[type]}
            </option>
          ))}
        </select>
      </label>
      {/* The hint outside the label: it describes the field without becoming its name. */}
      <div className={field}>
        <label htmlFor="audit-target-id">{m.targetId}</label>
        <input
          id="audit-target-id"
          name="targetId"
          className="input input-sm w-full"
          defaultValue={filter.targetId ?? ''}
          maxLength={254}
          autoComplete="off"
          aria-describedby="audit-target-id-hint"
        />
        <span id="audit-target-id-hint" className="text-xs text-base-content/70">
          {m.targetIdHint}
        </span>
      </div>
      <label className={field}>
        {m.from}
        <input name="from" type="date" className="input input-sm w-full" defaultValue={filter.from ?? ''} />
      </label>
      <label className={field}>
        {m.to}
        <input name="to" type="date" className="input input-sm w-full" defaultValue={filter.to ?? ''} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className="btn btn-primary btn-sm">
          {m.apply}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
          {m.clear}
        </button>
      </div>
    </form>
  );
}
