import { paymentMessages as m, type Order } from '@store/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { auditKeys } from '../../../lib/audit-queries';
import { orderKeys } from '../../../lib/place-order';
import { refundCardPaymentToCheck } from '../api';

/**
 * The desk's answer to a card payment to check (decision 057): its amount or currency differed,
 * so it was never applied; the admin gives it back in full, after a confirmation. The order keeps
 * its status. Shown only while the order's payment is to check.
 */
export function RefundToCheck({ order }: { order: Pick<Order, '_id' | 'number' | 'payment'> }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const refund = useMutation({
    mutationFn: () => refundCardPaymentToCheck(order._id),
    onSuccess: () => toast.success(m.refundToCheckAsked(order.number)),
    onError: (error) => toast.error(error.message),
    // Refused too (another admin was first): the desk shows the payment as it now is.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
  if (order.payment?.status !== 'needs-review') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-xs"
        disabled={refund.isPending}
        onClick={async () => {
          if (await confirm(m.refundToCheckQuestion(order.number), m.refundToCheck)) refund.mutate();
        }}
      >
        {m.refundToCheck}
        <span className="sr-only"> {order.number}</span>
      </button>
      {dialog}
    </>
  );
}
