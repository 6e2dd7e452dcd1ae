import { type AuditEntry, auditActionLabels, auditTargetLabels, auditMessages as m } from '@store/shared';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';

/** Where an entry's target is seen today: an order's page, a part's edit page. */
function targetPath({ type, id }: AuditEntry['target']): string | undefined {
  if (type === 'order') return `/dashboard/orders/${id}`;
  if (type === 'part') return `/dashboard/manageproducts/${id}`;
  return undefined;
}

/** A field's value as a person reads it; JSON for anything that is not a plain value. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return m.none;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** What the action changed, field by field: a small table of before and after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <span className="text-base-content/60">{m.none}</span>;
  return (
    <table className="table table-xs w-auto">
      <caption className="sr-only">{m.changes}</caption>
      <thead>
        <tr>
          <th scope="col">{m.field}</th>
          <th scope="col">{m.before}</th>
          <th scope="col">{m.after}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row" className="font-medium">
              {field}
            </th>
            <td className="max-w-56 break-words">{show(entry.before?.[field])}</td>
            <td className="max-w-56 break-words">{show(entry.after?.[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Audit entries as a table: when, who, what, on what, and the changes. `showTarget` is off where
 * every entry is about the same order or part.
 */
export function AuditTable({
  entries,
  caption,
  showTarget = true,
}: {
  entries: AuditEntry[];
  caption: string;
  showTarget?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm" data-testid="audit-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.at}</th>
            <th scope="col">{m.who}</th>
            <th scope="col">{m.what}</th>
            {showTarget && <th scope="col">{m.on}</th>}
            <th scope="col">{m.changes}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const path = targetPath(entry.target);
            const target = `${auditTargetLabels[entry.target.type]}: ${entry.target.label || entry.target.id}`;
            return (
              <tr key={entry.id} data-testid="audit-entry" className="align-top">
                <td className="whitespace-nowrap">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td className="break-all">{entry.actor}</td>
                <td>{auditActionLabels[entry.action]}</td>
                {showTarget && (
                  <td className="min-w-40 break-words">
                    {path ? (
                      <Link className="link" to={path}>
                        {target}
                      </Link>
                    ) : (
                      target
                    )}
                  </td>
                )}
                <td>
                  <Changes entry={entry} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
