import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutInputSchema, cartCheckoutMessages as m, toastMessages } from '@store/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ContactFields } from '../../../components/contact-fields';
import { ContactText } from '../../../components/ui/contact-text';
import { Field } from '../../../components/ui/field';
import { useRememberedContact } from '../../../hooks/use-remembered-contact';
import { authKeys } from '../../../lib/account-queries';
import { ApiError } from '../../../lib/api-client';
import { partKeys } from '../../../lib/part-queries';
import { newIdempotencyKey, orderKeys, shouldRetryOrder } from '../../../lib/place-order';
import { cartKeys } from '../../../lib/server-cart';
import { notify } from '../../../lib/toast';
import { checkout } from '../api';
import { useCheckoutDraft } from '../checkout-draft';

/** The cart's checkout takes the cart itself: the form sends delivery and the PO reference only. */
const formSchema = checkoutInputSchema.omit({ lines: true });
type CheckoutForm = z.input<typeof formSchema>;
type CheckoutRequest = z.output<typeof formSchema>;

/**
 * Checking out the whole cart: one order of every line, with the phone and address
 * checkout remembers (My Profile's defaults, else the last order's, as the purchase page starts
 * from) and an optional PO reference; what the customer types is kept for the tab's session until
 * the order is placed (checkout-draft.ts). One Idempotency-Key per click, as the purchase page. A
 * refusal (422: lines breaking a rule; 409: stock gone meanwhile) is said here, and the cart is
 * read again so each line shows its problem, with today's stock, where it stands.
 */
export function CheckoutForm({
  email,
  disabled,
  describedBy,
}: {
  email: string;
  disabled: boolean;
  /** The id of what says why the order cannot be placed, while it cannot. */
  describedBy?: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string>();
  const {
    register,
    handleSubmit,
    getFieldState,
    setValue,
    formState: { errors },
  } = useForm<CheckoutForm, unknown, CheckoutRequest>({
    resolver: zodResolver(formSchema),
    defaultValues: { phone: '', address: '', poReference: '' },
  });
  // Before useRememberedContact: what the customer typed comes back first, and stays.
  const draft = useCheckoutDraft(email, { register, setValue });
  useRememberedContact(email, { getFieldState, setValue });

  const order = useMutation({
    mutationFn: checkout,
    retry: shouldRetryOrder,
    onSuccess: ({ insertedId }) => {
      draft.forget();
      notify.success(toastMessages.orderCompleted);
      navigate(`/dashboard/orders/${encodeURIComponent(insertedId)}?placed=1`);
    },
    onError: (error) => {
      const refused = error instanceof ApiError && (error.status === 409 || error.status === 422);
      setRefusal(error.message || m.failed);
      if (!refused) notify.error(error.message);
    },
    // Placed or refused, the cart, stock and orders are read again as they are now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.mine });
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.profile(email) });
    },
  });

  const onSubmit = handleSubmit((input) => {
    setRefusal(undefined);
    order.mutate({ input, idempotencyKey: newIdempotencyKey() });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" className="text-xl font-bold">
        {m.heading}
      </h2>
      <ContactFields phone={draft.keep('phone')} address={draft.keep('address')} errors={errors} />
      <Field
        label={m.poReference}
        error={errors.poReference?.message}
        maxLength={40}
        {...draft.keep('poReference')}
      >
        <p className="mt-1 text-xs text-base-content/70">{m.poHint}</p>
      </Field>
      {refusal && (
        <p role="alert" className="text-sm font-medium text-error" data-testid="checkout-refused">
          <ContactText text={refusal} />
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={disabled || order.isPending}
        aria-describedby={describedBy}
      >
        {order.isPending ? m.placing : m.placeOrder}
      </button>
    </form>
  );
}
