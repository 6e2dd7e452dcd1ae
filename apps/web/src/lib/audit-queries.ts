import type { AuditTargetType, auditActions } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * The audit trail as the pages that change what it records read it: an order's or a part's own
 * entries below its page, their cache refreshed after a change, and the way to the Audit log.
 */

/** The entries an order or a part shows of its own; the Audit log has the rest. */
export const TARGET_TRAIL_SIZE = 10;

/** The Audit log's filters as the page's URL keeps them: days as typed, the rest as sent. */
export interface AuditFilterForm {
  actor?: string;
  action?: (typeof auditActions)[number];
  targetType?: AuditTargetType;
  targetId?: string;
  /** `YYYY-MM-DD`, a day of the admin's own calendar. */
  from?: string;
  to?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  log: (filter: AuditFilterForm) => [...auditKeys.all, 'log', filter] as const,
  target: (type: AuditTargetType, id: string) => [...auditKeys.all, 'target', type, id] as const,
};

/** One order's or part's newest entries. */
export const targetTrailQuery = (type: AuditTargetType, id: string) =>
  queryOptions({
    queryKey: auditKeys.target(type, id),
    queryFn: ({ signal }) =>
      api.audit.list({ query: { targetType: type, targetId: id, limit: TARGET_TRAIL_SIZE }, signal }),
  });

/** The Audit log's address with these filters. */
export function auditLogPath(filter: AuditFilterForm): string {
  const params = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const search = params.toString();
  return `/dashboard/audit${search ? `?${search}` : ''}`;
}
