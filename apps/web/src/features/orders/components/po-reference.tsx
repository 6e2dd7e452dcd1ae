import { orderLineMessages as m } from '@store/shared';

/** The buyer's own purchase-order number, which their accounts department matches the bill by. */
export function PoReference({ reference }: { reference: string }) {
  return (
    <p className="mt-1 text-sm">
      <span className="text-base-content/70">{m.poReference}:</span>{' '}
      <strong className="wrap-anywhere" data-testid="po-reference">
        {reference}
      </strong>
    </p>
  );
}
