import type { OrderStatus } from '@store/shared';

/** Solid badges: their text colours meet WCAG AA contrast (the soft ones' yellow does not). */
const styles: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-info',
  shipped: 'badge-success',
  cancelled: 'badge-ghost',
};
export const statusLabels: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${styles[status]}`} data-testid="order-status">
      {statusLabels[status]}
    </span>
  );
}
