import {
  computeBill,
  fromCents,
  isOrderQuantityValid,
  billMessages as m,
  type Part,
  taxRuleOf,
  toCents,
} from '@store/shared';
import { formatPrice } from '../../lib/format';
import { storeSettings } from '../../lib/store-settings';

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
  // The store's tax rule (decision 056): the total is what the order will charge.
  const { tax, currency } = storeSettings();
  const bill = isOrderQuantityValid(quantity, part)
    ? computeBill(toCents(part.price), quantity, part.bulkDiscount, taxRuleOf(tax, currency))
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
      {tax.rate > 0 && (
        <>
          <dt>{m.net}</dt>
          <dd className="text-right" data-testid="bill-net">
            {bill ? formatPrice(fromCents(bill.netCents)) : '—'}
          </dd>
          <dt>{m.taxAt(tax.rate)}</dt>
          <dd className="text-right" data-testid="bill-tax">
            {bill ? formatPrice(fromCents(bill.taxCents)) : '—'}
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
