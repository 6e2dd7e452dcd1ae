import { partMessages as m, type Part, partPageMessages, stockMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/page-head';
import { PartSku } from '../../../components/part-sku';
import { PurchaseAction } from '../../../components/purchase-action';
import { StockBadge } from '../../../components/stock-badge';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { partQuery } from '../../../lib/part-queries';
import { CompatiblePartsIsland } from '../components/compatible-parts';
import { PartBillIsland } from '../components/part-bill';
import { SpecificationTable } from '../components/specification-table';

/** A part's public page: everything a visitor needs to decide, without signing in. */
export default function PartPage() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));
  // The tab, search results and shares name the part, not just 'Part'.
  usePageTitle(part.data?.name, part.data?.description.slice(0, 160));

  // A screen tall, so the footer starts below the fold and does not jump when the part arrives
  // (Lighthouse measured a layout shift of 0.7 on phones).
  if (part.isPending) {
    return (
      <div className="min-h-screen">
        <LoadingState label={m.loading} />
      </div>
    );
  }
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) return <PartNotFound />;
    return (
      <div className="px-6 py-16">
        <ErrorState onRetry={() => part.refetch()} />
      </div>
    );
  }
  return <PartDetails part={part.data} />;
}

function PartNotFound() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center" data-testid="part-not-found">
      <h1 className="text-3xl font-bold">{partPageMessages.notFound}</h1>
      <Link to="/parts" className="btn btn-primary mt-8">
        {partPageMessages.toCatalog}
      </Link>
    </div>
  );
}

function PartDetails({ part }: { part: Part }) {
  const id = useId();
  const outOfStock = part.stock === 'out';

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="mx-auto grid max-w-6xl gap-10 px-6 py-12 lg:grid-cols-2 [&>*]:min-w-0"
    >
      <img
        src={part.img}
        alt={part.name}
        width={800}
        height={600}
        className="aspect-[4/3] h-auto w-full rounded-box bg-base-200 object-contain"
      />
      <div className="flex flex-col gap-5">
        <div>
          <h1 id={`${id}-name`} className="text-3xl font-bold">
            {part.name}
          </h1>
          <PartSku part={part} className="mt-1" />
          <div className="mt-3 flex flex-wrap gap-2">
            <StockBadge stock={part.stock} />
            {part.bulkDiscount && <span className="badge badge-accent">{m.bulkEligible}</span>}
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-3 text-sm min-[400px]:grid-cols-3">
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70">{m.unitPrice}</dt>
            <dd className="text-lg font-bold text-primary" data-testid="part-price">
              {formatPrice(part.price)}
            </dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70">{m.minimumOrder}</dt>
            <dd className="text-lg font-semibold">{formatQuantity(part.minOrderQuantity)}</dd>
          </div>
          <div className="rounded-box bg-base-200 p-3">
            <dt className="text-base-content/70">{m.available}</dt>
            <dd className="text-lg font-semibold" data-testid="available-quantity">
              {formatQuantity(part.availableQuantity)}
            </dd>
          </div>
        </dl>
        <p className="whitespace-pre-line text-base-content/80" data-testid="part-description">
          {part.description}
        </p>
        {part.bulkDiscount && <p className="text-sm text-base-content/80">{partPageMessages.bulkNote}</p>}
        <SpecificationTable part={part} />
        {part.category && <CompatiblePartsIsland id={part._id} name={part.name} />}

        {outOfStock ? (
          <>
            <p className="text-sm text-base-content/80">{stockMessages.outOfStockNote}</p>
            <PurchaseAction part={part} className="self-start" />
          </>
        ) : (
          <PartBillIsland
            part={{
              _id: part._id,
              name: part.name,
              price: part.price,
              bulkDiscount: part.bulkDiscount,
              minOrderQuantity: part.minOrderQuantity,
              orderMultiple: part.orderMultiple,
              availableQuantity: part.availableQuantity,
            }}
          />
        )}
      </div>
    </article>
  );
}
