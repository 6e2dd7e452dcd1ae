import { type CartRow, quickOrderMessages as m } from '@store/shared';
import { formatQuantity } from '../../../lib/format';

/** Each row of a quick order: what was added, what was refused and why, and any suggestion. */
export function QuickOrderResults({
  rows,
  onUse,
}: {
  rows: CartRow[];
  onUse: (sku: string, quantity: number) => void;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="table table-sm" data-testid="quick-order-results">
        <thead>
          <tr>
            <th scope="col">{m.row}</th>
            <th scope="col">{m.sku}</th>
            <th scope="col" className="text-right">
              {m.quantity}
            </th>
            <th scope="col">{m.status}</th>
            <th scope="col">{m.message}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} data-testid="quick-order-row">
              <td>{row.row}</td>
              <td className="font-mono">{row.sku}</td>
              <td className="text-right">{row.quantity === null ? '' : formatQuantity(row.quantity)}</td>
              <td>
                <span className={`badge ${row.status === 'added' ? 'badge-success' : 'badge-error'}`}>
                  {row.status === 'added' ? m.added : m.error}
                </span>
              </td>
              <td>
                <div className="flex flex-wrap items-center gap-2">
                  <span>{row.message}</span>
                  {row.status === 'added' && row.suggestedQuantity !== null && (
                    <button
                      type="button"
                      className="btn btn-warning btn-xs"
                      aria-label={m.suggestionFor(formatQuantity(row.suggestedQuantity), row.sku)}
                      onClick={() => row.suggestedQuantity !== null && onUse(row.sku, row.suggestedQuantity)}
                    >
                      {m.suggestion(formatQuantity(row.suggestedQuantity))}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
