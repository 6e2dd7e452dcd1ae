import type { OrderStatus } from '@store/shared';
import { orderStatusLabels } from '@store/shared';

/** Solid badges: their text colours meet WCAG AA contrast (the soft ones' yellow does not). */
const styles: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-info',
  shipped: 'badge-success',
  cancelled: 'badge-ghost',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${styles[status]}`} data-testid="order-status">
      {orderStatusLabels[status]}
    </span>
  );
}
