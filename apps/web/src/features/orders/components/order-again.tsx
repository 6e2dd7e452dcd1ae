import { billMessages, type CartRow, orderLineMessages as m } from '@store/shared';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatQuantity } from '../../../lib/format';
import { reorder } from '../api';

/**
 * 'Order again': the order's lines go into the cart at today's prices. The
 * button sits with the order's other links; what became of each line shows below them, since a
 * part may have been deleted or sold out since (`useOrderAgain` gives both places their part).
 */
export function useOrderAgain(orderId: string) {
  const again = useMutation({ mutationFn: reorder });
  // The page stays mounted from one order to the next: an outcome belongs to the order it was for.
  const outcome = again.variables === orderId ? again : undefined;

  const button = (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      disabled={again.isPending}
      onClick={() => again.mutate(orderId)}
    >
      {again.isPending ? m.orderingAgain : m.orderAgain}
    </button>
  );

  const summary = outcome?.isError
    ? outcome.error.message
    : outcome?.data && m.reorderSummary(addedCount(outcome.data.rows), outcome.data.rows.length);
  const result = (
    <>
      {/* Always in the page, so that screen readers hear the outcome when it arrives. */}
      <p role="status" className="sr-only">
        {summary}
      </p>
      {outcome?.isError && (
        <p className="mt-6 text-sm" data-testid="order-again-error">
          {outcome.error.message}
        </p>
      )}
      {outcome?.data && <Rows rows={outcome.data.rows} />}
    </>
  );

  return { button, result };
}

const addedCount = (rows: CartRow[]) => rows.filter((row) => row.status === 'added').length;

/** Each line of the order: added to the cart, or not and why, with a quantity that would do. */
function Rows({ rows }: { rows: CartRow[] }) {
  return (
    <section aria-labelledby="order-again" className="mt-6 rounded-box border border-base-300 p-5">
      <h3 id="order-again" className="text-lg font-semibold">
        {m.reorderHeading}
      </h3>
      <p className="mt-1" data-testid="order-again-summary">
        {m.reorderSummary(addedCount(rows), rows.length)}
      </p>
      <table className="table table-sm table-stacked mt-3">
        <caption className="sr-only">{m.reorderCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.sku}</th>
            <th scope="col" className="text-right">
              {billMessages.quantity}
            </th>
            <th scope="col">{m.result}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} data-testid="order-again-row">
              <th scope="row" className="font-normal whitespace-nowrap" data-label={m.sku}>
                {row.sku}
              </th>
              <td className="text-right" data-label={billMessages.quantity}>
                {row.quantity === null ? '' : formatQuantity(row.quantity)}
              </td>
              <td data-label={m.result}>
                <span>
                  <strong>{row.status === 'added' ? m.added : m.notAdded}</strong>
                  {row.message && <> {row.message}</>}
                  {row.suggestedQuantity !== null && <> {m.suggested(row.suggestedQuantity)}</>}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link to="/cart" className="btn btn-primary btn-sm mt-4">
        {m.goToCart}
      </Link>
    </section>
  );
}
