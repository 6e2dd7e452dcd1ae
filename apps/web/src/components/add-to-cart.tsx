import { lineProblem, addToCartMessages as m } from '@store/shared';
import { useEffect, useRef, useState } from 'react';
import { formatQuantity } from '../lib/format';
import { localCart } from '../lib/local-cart';
import { session } from '../lib/session';
import { island } from './island';
import { useNavKit } from './nav-kit';

/** What adding needs of a part: its rules, so a quantity that breaks them is not offered. */
export interface CartPart {
  _id: string;
  name: string;
  minOrderQuantity: number;
  orderMultiple: number;
  availableQuantity: number;
}

type Status = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' | 'failed'; message: string };

/** How long the 'Added' note stays: long enough to read, then the card is quiet again. */
const NOTE_MS = 8_000;

/**
 * 'Add to cart' for `quantity` of a part (decision 041): into the account's cart when signed in
 * (its code loaded on the first click), else into this browser's. The outcome is announced in a
 * live region beside the button, which works on the pages the store renders too, where there is
 * no toast container.
 */
export function AddToCartButton({
  part,
  quantity,
  compact = false,
  className = '',
}: {
  part: CartPart;
  quantity: number;
  compact?: boolean;
  className?: string;
}) {
  const { NavLink } = useNavKit();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const valid =
    Number.isSafeInteger(quantity) &&
    lineProblem({
      quantity,
      minOrderQuantity: part.minOrderQuantity,
      orderMultiple: part.orderMultiple,
      availableQuantity: part.availableQuantity,
      listed: true,
    }) === null;

  const add = async () => {
    clearTimeout(timer.current);
    setStatus({ kind: 'adding' });
    try {
      if (session.token()) {
        const { addToServerCart } = await import('../lib/server-cart');
        await addToServerCart(part._id, quantity);
      } else {
        localCart.add(part._id, quantity);
      }
      setStatus({ kind: 'added', message: m.added(formatQuantity(quantity), part.name) });
      timer.current = setTimeout(() => setStatus({ kind: 'idle' }), NOTE_MS);
    } catch (error) {
      setStatus({
        kind: 'failed',
        message: error instanceof Error && error.message ? error.message : m.failed,
      });
    }
  };

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <button
        type="button"
        className={`btn ${compact ? 'btn-outline btn-primary' : 'btn-secondary'}`}
        disabled={!valid || status.kind === 'adding'}
        onClick={add}
        aria-label={m.addPart(part.name)}
        data-testid="add-to-cart"
      >
        {status.kind === 'adding' ? m.adding : m.add}
      </button>
      <p role="status" className="text-sm empty:hidden" data-testid="add-to-cart-status">
        {(status.kind === 'added' || status.kind === 'failed') && (
          <span className={status.kind === 'failed' ? 'text-error' : ''}>{status.message}</span>
        )}
        {status.kind === 'added' && (
          <>
            {' '}
            <NavLink to="/cart" className={() => 'link link-primary'}>
              {m.viewCart}
            </NavLink>
          </>
        )}
      </p>
    </div>
  );
}

/** A card's compact 'Add to cart': the part's minimum order (cards are rendered by the store). */
function CardAddToCart({ part }: { part: CartPart }) {
  return <AddToCartButton part={part} quantity={part.minOrderQuantity} compact />;
}

export const CardAddToCartIsland = island('add-to-cart', CardAddToCart);
