import {
  fulfilmentMessages,
  type Order,
  type OrderStatusUpdate,
  orderMoveMessages,
  orderStatusUpdateSchema,
} from '@store/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Field } from '../../../components/ui/field';
import { auditKeys } from '../../../lib/audit-queries';
import { partKeys } from '../../../lib/part-queries';
import { orderKeys } from '../../../lib/place-order';
import { moveOrder } from '../api';
import type { OrderMove } from '../order-moves';

type Target = Pick<Order, '_id' | 'number'>;
interface Asking {
  order: Target;
  move: OrderMove;
  /** Where focus was when the question opened; it goes back there. */
  opener: HTMLElement | null;
}
type Moving = Asking & { update: OrderStatusUpdate };

/**
 * The admin's moves with their confirmations: `ask(order, move)` opens a modal <dialog> naming
 * the order number (focus moves in, Escape closes, focus returns to the button that opened it);
 * 'Mark as shipped' also takes an optional carrier and tracking number. The outcome is a toast
 * and the text of `status`, a polite live region the page renders once (focus goes there when
 * the button that asked is gone, e.g. 'Mark as paid' once the order is paid).
 */
export function useOrderMoves() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking>();
  const [announcement, setAnnouncement] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);

  const mutation = useMutation({
    mutationFn: ({ order, update }: Moving) => moveOrder({ id: order._id, update }),
    onSuccess: (_result, { order, move }) => {
      const message = fulfilmentMessages.moved(order.number, move.outcome);
      toast.success(message);
      setAnnouncement(message);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      // The move's audit entry, on the order's page and in the Audit log.
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      // Cancelling puts stock back on sale.
      if (move.to === 'cancelled') void queryClient.invalidateQueries({ queryKey: partKeys.all });
    },
    onError: (error) => {
      toast.error(error.message);
      setAnnouncement(error.message);
    },
    onSettled: (_data, _error, { opener }) => {
      // The button that opened the question may be gone (the row now offers other moves).
      if (!opener?.isConnected) statusRef.current?.focus();
    },
  });

  const ask = (order: Target, move: OrderMove) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking({ order, move, opener });
  };

  // Focus goes back once the dialog has left the page: while a modal is open, the rest is inert.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (asking || !returnTo.current) return;
    if (returnTo.current.isConnected) returnTo.current.focus();
    returnTo.current = null;
  }, [asking]);

  const close = () => {
    returnTo.current = asking?.opener ?? null;
    setAsking(undefined);
  };

  const confirm = (update: OrderStatusUpdate) => {
    if (!asking) return;
    mutation.mutate({ ...asking, update });
    close();
  };

  const dialog = asking ? (
    <MoveDialog
      key={`${asking.order._id}:${asking.move.to}`}
      number={asking.order.number}
      move={asking.move}
      onCancel={close}
      onConfirm={confirm}
    />
  ) : null;

  const status = (
    <p ref={statusRef} role="status" tabIndex={-1} className="my-2 text-sm font-medium empty:my-0">
      {announcement}
    </p>
  );

  return { ask, dialog, status, busy: mutation.isPending };
}

/** One question; for shipping, the two optional fields, checked with the API's own schema. */
function MoveDialog({
  number,
  move,
  onCancel,
  onConfirm,
}: {
  number: string;
  move: OrderMove;
  onCancel: () => void;
  onConfirm: (update: OrderStatusUpdate) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  const shipping = move.to === 'shipped';

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? undefined : value;
    };
    const parsed = orderStatusUpdateSchema.safeParse({
      status: move.to,
      ...(shipping && { carrier: text('carrier'), trackingNumber: text('trackingNumber') }),
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'carrier' || field === 'trackingNumber') found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    onConfirm(parsed.data);
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={`${id}-question`}
      aria-describedby={shipping ? `${id}-hint` : undefined}
      onCancel={(event) => {
        // Escape: close through React so that focus goes back to the opener.
        event.preventDefault();
        onCancel();
      }}
    >
      <form className="modal-box" onSubmit={submit} noValidate>
        <h2 id={`${id}-question`} className="text-lg font-semibold">
          {move.question(number)}
        </h2>
        {shipping && (
          <div className="mt-4 grid gap-3">
            <p id={`${id}-hint`} className="text-sm text-base-content/70">
              {fulfilmentMessages.shipHint}
            </p>
            <Field label={orderMoveMessages.carrier} name="carrier" maxLength={100} error={errors.carrier} />
            <Field
              label={orderMoveMessages.trackingNumber}
              name="trackingNumber"
              maxLength={100}
              error={errors.trackingNumber}
            />
          </div>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            {orderMoveMessages.goBack}
          </button>
          <button type="submit" className={`btn ${move.destructive ? 'btn-error' : 'btn-primary'}`}>
            {move.label}
          </button>
        </div>
      </form>
    </dialog>
  );
}
