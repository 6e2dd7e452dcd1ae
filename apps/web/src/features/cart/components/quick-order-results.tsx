import { type CartRow, quickOrderMessages as m } from '@store/shared';
import { formatQuantity } from '../../../lib/format';

/** How a row ended: a row added with a problem (the message says which) is no success. */
export type RowOutcome = 'added' | 'attention' | 'error';
export const rowOutcome = (row: CartRow): RowOutcome =>
  row.status === 'error' ? 'error' : row.message === null ? 'added' : 'attention';

const BADGES: Record<RowOutcome, { className: string; label: string }> = {
  added: { className: 'badge-success', label: m.added },
  attention: { className: 'badge-warning', label: m.addedNeedsAttention },
  error: { className: 'badge-error', label: m.error },
};

function RowStatus({ row }: { row: CartRow }) {
  const outcome = rowOutcome(row);
  const { className, label } = BADGES[outcome];
  return (
    <span className={`badge h-auto min-h-5 ${className}`} data-outcome={outcome}>
      {label}
    </span>
  );
}

/**
 * Each row of a quick order: what was added, what was refused and why, and any suggestion. On a
 * phone each row stacks, its cells named by their column: four columns do not fit 360 px.
 */
const cell =
  'max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-0.5 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]';
export function QuickOrderResults({
  rows,
  onUse,
}: {
  rows: CartRow[];
  onUse: (sku: string, quantity: number) => void;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="table table-sm max-sm:block" data-testid="quick-order-results">
        <thead className="max-sm:sr-only">
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
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <tr
              key={row.row}
              data-testid="quick-order-row"
              className="max-sm:block max-sm:border-b max-sm:border-base-300 max-sm:py-2"
            >
              <td className={cell} data-label={m.row}>
                {row.row}
              </td>
              <td className={`font-mono break-all ${cell}`} data-label={m.sku}>
                {row.sku}
              </td>
              <td className={`sm:text-right ${cell}`} data-label={m.quantity}>
                {row.quantity === null ? '' : formatQuantity(row.quantity)}
              </td>
              <td className={cell} data-label={m.status}>
                <RowStatus row={row} />
              </td>
              <td className={cell} data-label={m.message}>
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
