import type { Order } from '@store/shared';
import { movesFor, type OrderMove } from '../order-moves';

/**
 * The moves an order's status allows, as buttons named for what they do. Each name ends with
 * the order number (read by screen readers, hidden on screen), so that a list of rows never
 * offers ten buttons called the same.
 */
export function OrderActions({
  order,
  onMove,
  busy,
  size = 'xs',
}: {
  order: Pick<Order, 'number' | 'status' | 'payment'>;
  onMove: (move: OrderMove) => void;
  busy: boolean;
  size?: 'xs' | 'sm';
}) {
  // A card payment is not undone here (the server refuses it): cancelling the order refunds it.
  const cardPaid = order.payment?.status === 'paid';
  const moves = movesFor(order.status).filter((move) => !(cardPaid && move.to === 'unpaid'));
  if (moves.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((move) => (
        <button
          key={move.to}
          type="button"
          className={`btn btn-outline ${size === 'sm' ? 'btn-sm' : 'btn-xs'} ${move.destructive ? 'btn-error' : ''}`}
          disabled={busy}
          onClick={() => onMove(move)}
        >
          {move.label}
          <span className="sr-only"> {order.number}</span>
        </button>
      ))}
    </div>
  );
}
