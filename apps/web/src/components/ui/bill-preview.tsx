import {
  computeBill,
  fromCents,
  isOrderQuantityValid,
  billMessages as m,
  type Part,
  toCents,
} from '@store/shared';
import { formatPrice } from '../../lib/format';

/**
 * The live bill (the part page and the purchase page) for a quantity, by the same shared rules the server charges with
 * (`computeBill`): a quantity outside the part's range shows no amounts.
 */
/** What a bill depends on, of a part. */
export type BillPart = Pick<
  Part,
  'price' | 'bulkDiscount' | 'minOrderQuantity' | 'orderMultiple' | 'availableQuantity'
>;

export function BillPreview({
  part,
  quantity,
  totalTestId,
}: {
  part: BillPart;
  quantity: number;
  totalTestId: string;
}) {
  const bill = isOrderQuantityValid(quantity, part)
    ? computeBill(toCents(part.price), quantity, part.bulkDiscount)
    : undefined;
  return (
    <dl className="grid grid-cols-2 gap-y-1 rounded-box bg-base-200 p-4 text-sm" aria-live="polite">
      <dt>{m.subtotal}</dt>
      <dd className="text-right">{bill ? formatPrice(fromCents(bill.subtotalCents)) : '—'}</dd>
      {bill && bill.discountPercent > 0 && (
        <>
          <dt>{m.bulkDiscountPercent(bill.discountPercent)}</dt>
          <dd className="text-right" data-testid="bill-discount">
            <span aria-hidden="true">−</span>
            <span className="sr-only">{m.minus} </span>
            {formatPrice(fromCents(bill.discountCents))}
          </dd>
        </>
      )}
      <dt className="text-base font-semibold">{m.totalBill}</dt>
      <dd className="text-right text-base font-bold" data-testid={totalTestId}>
        {bill ? formatPrice(fromCents(bill.totalCents)) : '—'}
      </dd>
    </dl>
  );
}
