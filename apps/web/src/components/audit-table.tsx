import {
  type AuditEntry,
  auditActionLabels,
  auditFieldLabel,
  auditTargetLabels,
  auditMessages as m,
} from '@store/shared';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../lib/format';

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

/**
 * What the action changed, field by field: `Price: 2.5 → 3.75`, the arrow read as words. A list,
 * not a table within the table, so that it stacks with its row on a phone.
 */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (fields.length === 0) return <span className="text-base-content/60">{m.none}</span>;
  const added = entry.before === null;
  const removed = entry.after === null;
  return (
    <ul className="space-y-0.5 text-left">
      {fields.map((field) => (
        <li key={field} data-testid="audit-change" className="break-words">
          <span className="font-medium" data-testid="audit-field">
            {auditFieldLabel(field)}
          </span>
          : {!added && <span data-testid="audit-before">{show(entry.before?.[field])}</span>}
          {!added && !removed && (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">{m.changedTo}</span>{' '}
            </>
          )}
          {!removed && <span data-testid="audit-after">{show(entry.after?.[field])}</span>}
        </li>
      ))}
    </ul>
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
      {/* Stacked cards on a phone (styles.css): each cell named by its `data-label`. */}
      <table className="table table-sm table-stacked" data-testid="audit-table">
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
                <td className="whitespace-nowrap" data-label={m.at}>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td className="break-all" data-label={m.who}>
                  {entry.actor}
                </td>
                <td data-label={m.what}>{auditActionLabels[entry.action]}</td>
                {showTarget && (
                  <td className="break-words" data-label={m.on}>
                    {path ? (
                      <Link className="link" to={path}>
                        {target}
                      </Link>
                    ) : (
                      target
                    )}
                  </td>
                )}
                <td data-label={m.changes}>
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
