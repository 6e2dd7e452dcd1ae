import { fulfilmentMessages as m, type Order, orderPageMessages, paymentStatusHeadings } from '@store/shared';

/**
 * What the customer needs to know about paying, in the words of the order's status: how to pay
 * (quoting the number), that payment arrived, where the parcel is, or that nothing is owed.
 */
export function PaymentStatus({
  order,
  instructions,
  headingLevel = 3,
}: {
  order: Pick<Order, 'number' | 'status' | 'carrier' | 'trackingNumber'>;
  instructions: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby="payment-status"
      className="mt-6 rounded-box bg-base-200 p-5"
      data-testid="payment-status"
    >
      <Heading id="payment-status" className="font-semibold">
        {paymentStatusHeadings[order.status]}
      </Heading>
      {order.status === 'unpaid' && (
        <>
          <p className="mt-2 font-medium">{m.quoteNumber(order.number)}</p>
          <p className="mt-2 whitespace-pre-line text-base-content/80">{instructions}</p>
        </>
      )}
      {order.status === 'paid' && (
        <>
          <p className="mt-2">{m.paid}</p>
          <p className="mt-1 text-base-content/80">{m.paidNext}</p>
        </>
      )}
      {order.status === 'shipped' && (
        <>
          <p className="mt-2">{m.shipped}</p>
          <Shipment carrier={order.carrier} trackingNumber={order.trackingNumber} />
        </>
      )}
      {order.status === 'cancelled' && <p className="mt-2">{m.cancelled}</p>}
    </section>
  );
}

/** Carrier and tracking number, as the admin gave them when shipping (both optional). */
export function Shipment({
  carrier,
  trackingNumber,
}: {
  carrier: string | null;
  trackingNumber: string | null;
}) {
  if (!carrier && !trackingNumber) return <p className="mt-1 text-base-content/80">{m.shippedNoTracking}</p>;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {carrier && (
        <>
          <dt className="text-base-content/70">{orderPageMessages.carrier}</dt>
          <dd data-testid="carrier">{carrier}</dd>
        </>
      )}
      {trackingNumber && (
        <>
          <dt className="text-base-content/70">{orderPageMessages.trackingNumber}</dt>
          <dd className="break-all font-mono" data-testid="tracking-number">
            {trackingNumber}
          </dd>
        </>
      )}
    </dl>
  );
}
