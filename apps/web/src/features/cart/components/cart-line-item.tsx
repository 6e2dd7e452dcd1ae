import { type CartLine, cartPageMessages as m } from '@store/shared';
import { Link } from 'react-router-dom';
import { QuantityProblem } from '../../../components/ui/quantity-problem';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { QuantityStepper } from './quantity-stepper';

/**
 * One line of the cart: the part, its price, a stepper by the pack, the line's total and bulk
 * discount, and what is wrong with it in words, with the quantity that would fix it one click
 * away.
 */
export function CartLineItem({
  line,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const base = `line-${line.partId}`;
  const problem = line.problem?.message;
  const suggestion = line.problem?.suggestedQuantity ?? null;
  const page = `/parts/${encodeURIComponent(line.partId)}`;
  return (
    <li
      className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 border-b border-base-300 py-4 sm:grid-cols-[5rem_1fr_auto]"
      aria-labelledby={`${base}-name`}
      data-testid="cart-line"
      data-part-id={line.partId}
    >
      {line.thumb ? (
        <img
          src={line.thumb}
          alt=""
          width={80}
          height={60}
          className="aspect-[4/3] h-auto w-full rounded-box bg-base-200 object-contain"
        />
      ) : (
        <div className="aspect-[4/3] w-full rounded-box bg-base-200" />
      )}
      <div className="min-w-0">
        <h3 id={`${base}-name`} className="font-semibold leading-snug">
          {line.sku ? (
            <Link to={page} className="link link-hover">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </h3>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-base-content/75">
          {line.sku && (
            <div className="flex gap-1">
              <dt>{m.sku}</dt>
              <dd className="font-mono" data-testid="line-sku">
                {line.sku}
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt>{m.unitPrice}</dt>
            <dd>{formatPrice(line.unitPrice)}</dd>
          </div>
          {line.orderMultiple > 1 && (
            <div>
              <dt className="sr-only">{m.quantity}</dt>
              <dd>{m.packOf(formatQuantity(line.orderMultiple))}</dd>
            </div>
          )}
          <div>
            <dt className="sr-only">{m.quantity}</dt>
            <dd>{m.minimum(formatQuantity(line.minOrderQuantity))}</dd>
          </div>
        </dl>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={`${base}-quantity`} className="sr-only">
            {m.quantityOf(line.name)}
          </label>
          <QuantityStepper
            id={`${base}-quantity`}
            name={line.name}
            quantity={line.quantity}
            pack={line.orderMultiple}
            describedBy={problem ? `${base}-problem` : undefined}
            disabled={busy}
            onChange={onQuantity}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={m.removePart(line.name)}
            disabled={busy}
            onClick={onRemove}
          >
            {m.remove}
          </button>
        </div>
        {problem && (
          <QuantityProblem
            id={`${base}-problem`}
            message={problem}
            suggestions={suggestion !== null && suggestion !== line.quantity ? [suggestion] : []}
            name={line.name}
            disabled={busy}
            onUse={onQuantity}
            testId="line-problem"
          />
        )}
      </div>
      <dl className="col-start-2 text-sm sm:col-start-3 sm:row-start-1 sm:text-right">
        <dt className="sr-only">{m.lineTotal}</dt>
        <dd className="text-lg font-bold" data-testid="line-total">
          {formatPrice(line.lineTotal)}
        </dd>
        {line.discountPercent > 0 && (
          <>
            <dt className="text-base-content/75">{m.lineDiscount(line.discountPercent)}</dt>
            <dd className="text-base-content/75">−{formatPrice(line.discount)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
