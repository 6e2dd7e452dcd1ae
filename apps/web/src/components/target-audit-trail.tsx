import { type AuditTargetType, auditMessages as m } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { auditLogPath, targetTrailQuery } from '../lib/audit-queries';
import { AuditTable } from './audit-table';
import { ErrorState, LoadingState } from './ui/states';

/**
 * An order's or a part's own audit entries, newest first (admins only: the API refuses others),
 * with a link to all of them in the Audit log.
 */
export function TargetAuditTrail({ type, id }: { type: AuditTargetType; id: string }) {
  const trail = useQuery(targetTrailQuery(type, id));
  const headingId = `audit-trail-${type}`;
  return (
    <section aria-labelledby={headingId} className="mt-8" data-testid="target-audit-trail">
      <h3 id={headingId} className="text-lg font-semibold">
        {m.history}
      </h3>
      <div className="mt-3">
        {trail.isPending ? (
          <LoadingState label={m.loading} />
        ) : trail.isError ? (
          <ErrorState message={m.failed} onRetry={() => trail.refetch()} />
        ) : trail.data.items.length === 0 ? (
          <p className="text-sm text-base-content/70">{m.historyEmpty}</p>
        ) : (
          <>
            <AuditTable entries={trail.data.items} caption={m.history} showTarget={false} />
            <Link
              className="link mt-2 inline-block text-sm"
              to={auditLogPath({ targetType: type, targetId: id })}
            >
              {m.seeAll}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
