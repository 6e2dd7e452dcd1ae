import { paymentMessages as m, type OrderCardPayment } from '@store/shared';
import { useMutation } from '@tanstack/react-query';
import { payByCard } from '../api';

/** Solid badges, as the order's status (status-badge.tsx): their text meets WCAG AA contrast. */
const styles: Record<OrderCardPayment['status'], string> = {
  paid: 'badge-info',
  'needs-review': 'badge-error',
  'refund-pending': 'badge-warning',
  'refund-failed': 'badge-error',
  refunded: 'badge-ghost',
};

/** How the order was paid by card and where a refund stands (decision 048): the desk and the order. */
export function CardPaymentNote({ payment }: { payment: OrderCardPayment | undefined }) {
  if (!payment) return null;
  return (
    <span
      className={`badge badge-sm h-auto whitespace-normal ${styles[payment.status]}`}
      data-testid="card-payment"
    >
      {m.states[payment.status]}
    </span>
  );
}

/**
 * 'Pay by card' beside the bank-transfer instructions: the store makes a Stripe Checkout session
 * and the browser goes to its page; Stripe sends the customer back to this page.
 */
export function PayByCard({ orderId }: { orderId: string }) {
  const pay = useMutation({
    mutationFn: payByCard,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const leaving = pay.isPending || pay.isSuccess;
  return (
    <section aria-labelledby="pay-by-card" className="mt-6 rounded-box border border-base-300 p-5">
      <h3 id="pay-by-card" className="font-semibold">
        {m.paymentHeading}
      </h3>
      <p className="mt-1 text-sm text-base-content/80">{m.payByCardHint}</p>
      <button
        type="button"
        className="btn btn-primary mt-3"
        disabled={leaving}
        onClick={() => pay.mutate(orderId)}
        data-testid="pay-by-card"
      >
        {leaving ? m.goingToCardPayment : m.payByCard}
      </button>
      {/* Always in the page, so that screen readers hear a refusal when it arrives. */}
      <p role="alert" className="mt-2 text-sm text-error empty:hidden" data-testid="pay-by-card-error">
        {pay.isError ? pay.error.message : ''}
      </p>
    </section>
  );
}

/**
 * Back from Stripe before its event reached the store: the payment is being confirmed, and the
 * page asks again (with backoff) until the order shows paid.
 */
export function ConfirmingCardPayment({ slow }: { slow: boolean }) {
  return (
    <section
      aria-labelledby="card-confirming"
      className="mt-6 rounded-box bg-base-200 p-5"
      data-testid="card-confirming"
    >
      <h3 id="card-confirming" className="flex items-center gap-3 font-semibold" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {m.confirming}
      </h3>
      <p className="mt-2 text-base-content/80">{slow ? m.confirmingSlow : m.confirmingNext}</p>
    </section>
  );
}
