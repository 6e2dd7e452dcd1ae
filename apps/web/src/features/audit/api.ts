import { auditActions, auditTargetTypes } from '@store/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type AuditFilterForm, auditKeys } from '../../lib/audit-queries';

export const AUDIT_PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The admin's own midnight starting `day` (plus `days`), as an instant the API reads exactly. */
function midnight(day: string, days = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).toISOString();
}

/** The filters from the URL: unknown values are dropped, never sent. */
export function filterOf(params: URLSearchParams): AuditFilterForm {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const action = auditActions.find((a) => a === params.get('action'));
  const targetType = auditTargetTypes.find((t) => t === params.get('targetType'));
  const from = text('from');
  const to = text('to');
  return {
    ...(text('actor') && { actor: text('actor') }),
    ...(action && { action }),
    ...(targetType && { targetType }),
    ...(targetType && text('targetId') && { targetId: text('targetId') }),
    ...(from && DAY.test(from) && { from }),
    ...(to && DAY.test(to) && { to }),
  };
}

/** What the API is asked: the days become the admin's midnights (`to` counted to its end). */
export const toQuery = ({ from, to, ...rest }: AuditFilterForm) => ({
  ...rest,
  ...(from && { from: midnight(from) }),
  ...(to && { to: midnight(to, 1) }),
});

/** The log, newest first, a page at a time: each page continues from the last one's cursor. */
export const auditLogQuery = (filter: AuditFilterForm) =>
  infiniteQueryOptions({
    queryKey: auditKeys.log(filter),
    // The first page has no cursor ('').
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api.audit.list({
        query: { ...toQuery(filter), limit: AUDIT_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

export const fetchAuditCsv = (filter: AuditFilterForm) =>
  api.audit.csv({ query: toQuery(filter), fileName: 'audit.csv' });
