import { type StockLevel, stockMessages } from '@store/shared';

/** Solid badges: their text meets WCAG AA contrast (about 5:1), which the soft ones' does not. */
const styles: Record<StockLevel, string> = {
  in: 'badge-success',
  low: 'badge-warning',
  out: 'badge-error',
};

export function StockBadge({ stock }: { stock: StockLevel }) {
  return (
    <span className={`badge whitespace-nowrap ${styles[stock]}`} data-testid="stock-badge">
      {stockMessages.labels[stock]}
    </span>
  );
}
