import { partMessages as m, type Part, stockMessages } from '@store/shared';
import { Link } from 'react-router-dom';

/**
 * Purchase, or a disabled 'Out of stock' in its place: a sold-out part must not look buyable.
 * The link goes to the purchase page, which asks a visitor to sign in first.
 */
export function PurchaseAction({ part, className = '' }: { part: Part; className?: string }) {
  if (part.stock === 'out') {
    return (
      <button type="button" className={`btn btn-disabled ${className}`} disabled>
        {stockMessages.outOfStock}
        <span className="sr-only">: {part.name}</span>
      </button>
    );
  }
  return (
    <Link
      to={`/purchase/${part._id}`}
      className={`btn btn-primary ${className}`}
      aria-label={m.purchasePart(part.name)}
    >
      {m.purchase}
    </Link>
  );
}
