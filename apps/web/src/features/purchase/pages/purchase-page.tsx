import { zodResolver } from '@hookform/resolvers/zod';
import {
  cartCheckoutMessages,
  isOrderQuantityValid,
  purchaseMessages as m,
  orderInputSchema,
  orderMessages,
  type Part,
  partMessages,
  partPageMessages,
  publicPageMessages,
  stockMessages,
  toastMessages,
} from '@store/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { AddToCartButton } from '../../../components/add-to-cart';
import { ContactFields } from '../../../components/contact-fields';
import { PartSku } from '../../../components/part-sku';
import { StockBadge } from '../../../components/stock-badge';
import { BillPreview } from '../../../components/ui/bill-preview';
import { Field } from '../../../components/ui/field';
import { QuantityProblem, quantityProblemOf } from '../../../components/ui/quantity-problem';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useRememberedContact } from '../../../hooks/use-remembered-contact';
import { authKeys } from '../../../lib/account-queries';
import { ApiError } from '../../../lib/api-client';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { partKeys, partQuery } from '../../../lib/part-queries';
import { newIdempotencyKey, orderKeys, placeOrderMutation } from '../../../lib/place-order';
import { useSessionUser } from '../../../lib/session';

const purchaseFormSchema = orderInputSchema.omit({ partId: true });
type PurchaseForm = z.input<typeof purchaseFormSchema>;
type PurchaseRequest = z.output<typeof purchaseFormSchema>;

/** The order page for one part: its details, a quantity and delivery, and the Order button. */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));

  if (part.isPending) return <LoadingState label={partMessages.loading} />;
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) {
      return (
        <div className="mx-auto max-w-xl px-6 py-24 text-center">
          <h1 className="text-3xl font-bold">{orderMessages.partGone}</h1>
          <Link to="/" className="btn btn-primary mt-8">
            {publicPageMessages.backHome}
          </Link>
        </div>
      );
    }
    return (
      <div className="px-6 py-16">
        <ErrorState onRetry={() => part.refetch()} />
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 lg:grid-cols-2 [&>*]:min-w-0">
      <PartDetails part={part.data} />
      <OrderForm part={part.data} />
    </div>
  );
}

function PartDetails({ part }: { part: Part }) {
  return (
    <article aria-labelledby="part-name">
      <img
        src={part.img}
        alt={part.name}
        width={800}
        height={600}
        className="aspect-[4/3] h-auto w-full rounded-box bg-base-200 object-contain"
      />
      <h1 id="part-name" className="mt-6 text-3xl font-bold">
        {part.name}
      </h1>
      <PartSku part={part} className="mt-1" />
      <div className="mt-3">
        <StockBadge stock={part.stock} />
      </div>
      <p className="mt-3 text-base-content/80">{part.description}</p>
      <dl className="mt-6 grid grid-cols-3 gap-3 text-sm">
        <div className="rounded-box bg-base-200 p-3">
          <dt className="text-base-content/60">{partMessages.unitPrice}</dt>
          <dd className="text-lg font-bold text-primary">{formatPrice(part.price)}</dd>
        </div>
        <div className="rounded-box bg-base-200 p-3">
          <dt className="text-base-content/60">{partMessages.minimumOrder}</dt>
          <dd className="text-lg font-semibold">{formatQuantity(part.minOrderQuantity)}</dd>
        </div>
        <div className="rounded-box bg-base-200 p-3">
          <dt className="text-base-content/60">{partMessages.available}</dt>
          <dd className="text-lg font-semibold" data-testid="available-quantity">
            {formatQuantity(part.availableQuantity)}
          </dd>
        </div>
      </dl>
      {part.bulkDiscount && (
        <p className="mt-4 text-sm text-base-content/75">
          <span className="badge badge-accent mr-2">{partMessages.bulkEligible}</span>
          {partPageMessages.bulkNote}
        </p>
      )}
    </article>
  );
}

/**
 * The quantity the part page's Purchase carries: a whole number is shown as asked, and
 * one out of the part's range is then refused as a typed one is; anything else is no quantity.
 */
function quantityAsked(asked: string | null): number | undefined {
  if (!asked || !/^\d+$/.test(asked)) return undefined;
  const quantity = Number(asked);
  return Number.isSafeInteger(quantity) && quantity > 0 ? quantity : undefined;
}

function OrderForm({ part }: { part: Part }) {
  const user = useSessionUser();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const {
    register,
    handleSubmit,
    watch,
    getFieldState,
    setValue,
    formState: { errors },
  } = useForm<PurchaseForm, unknown, PurchaseRequest>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: {
      productQuantity: quantityAsked(search.get('quantity')) ?? part.minOrderQuantity,
      phone: '',
      address: '',
      poReference: '',
    },
  });
  useRememberedContact(user?.email, { getFieldState, setValue });
  const quantity = watch('productQuantity');
  const outOfStock = part.stock === 'out';
  const quantityValid = !outOfStock && isOrderQuantityValid(quantity, part);
  const problem = outOfStock ? undefined : quantityProblemOf(part, quantity);
  const problemId = `${id}-quantity-problem`;

  const order = useMutation({
    ...placeOrderMutation,
    // The customer lands on the order's confirmation: its number, bill and how to pay.
    onSuccess: ({ insertedId }) => {
      toast.success(toastMessages.orderCompleted);
      navigate(`/dashboard/orders/${encodeURIComponent(insertedId)}?placed=1`);
    },
    // A refused line says its own problem (its stock now, the pack), not the order's summary.
    onError: (error) => toast.error((error instanceof ApiError && error.problems?.[0]) || error.message),
    // Success or not, the part is read again, so the page shows the stock as it is now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (user) void queryClient.invalidateQueries({ queryKey: authKeys.profile(user.email) });
    },
  });

  // One key per click: the mutation's own retries reuse it, a new click gets a new one.
  const onSubmit = handleSubmit((input) =>
    order.mutate({ input: { ...input, partId: part._id }, idempotencyKey: newIdempotencyKey() }),
  );

  return (
    <section
      aria-labelledby="order-title"
      className="card h-fit border border-base-300 bg-base-100 shadow-sm"
    >
      <form onSubmit={onSubmit} noValidate className="card-body gap-3">
        <h2 id="order-title" className="text-2xl font-bold">
          {m.title}
        </h2>
        <Field label={m.name} value={user?.name ?? ''} readOnly />
        <Field label={m.email} type="email" value={user?.email ?? ''} readOnly />
        <div>
          <label htmlFor={`${id}-quantity`} className="label mb-1 text-sm font-medium text-base-content">
            {m.quantity}
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={part.minOrderQuantity}
            max={part.availableQuantity}
            // Whole packs from the minimum (a multiple of the pack): the arrows stay on valid counts.
            step={part.orderMultiple}
            className="input w-full"
            aria-describedby={problem ? `${id}-quantity-hint ${problemId}` : `${id}-quantity-hint`}
            aria-invalid={problem ? true : undefined}
            {...register('productQuantity', { valueAsNumber: true, disabled: outOfStock })}
          />
          <p
            id={`${id}-quantity-hint`}
            className="mt-1 text-xs text-base-content/70"
            data-testid="quantity-hint"
          >
            {outOfStock
              ? stockMessages.outOfStock
              : partPageMessages.quantityRange(
                  formatQuantity(part.minOrderQuantity),
                  formatQuantity(part.availableQuantity),
                )}
          </p>
          {problem && (
            <QuantityProblem
              id={problemId}
              message={problem.message}
              suggestions={problem.suggestions}
              name={part.name}
              onUse={(valid) =>
                setValue('productQuantity', valid, { shouldValidate: true, shouldDirty: true })
              }
            />
          )}
        </div>
        <ContactFields phone={register('phone')} address={register('address')} errors={errors} />
        {/* The same optional field, words and rules as the cart's checkout (one shared schema). */}
        <Field
          label={cartCheckoutMessages.poReference}
          error={errors.poReference?.message}
          maxLength={40}
          {...register('poReference')}
        >
          <p className="mt-1 text-xs text-base-content/70">{cartCheckoutMessages.poHint}</p>
        </Field>

        <div className="mt-2">
          <BillPreview part={part} quantity={quantity} totalTestId="order-total" />
        </div>

        <button type="submit" className="btn btn-primary mt-2" disabled={!quantityValid || order.isPending}>
          {outOfStock ? stockMessages.outOfStock : order.isPending ? m.placing : m.order}
        </button>
        {outOfStock && <p className="text-sm text-base-content/80">{stockMessages.outOfStockNote}</p>}
        {/* A one-part order is placed above (Order); the cart gathers many parts. */}
        {!outOfStock && <AddToCartButton part={part} quantity={quantity} className="items-stretch" />}
      </form>
    </section>
  );
}
