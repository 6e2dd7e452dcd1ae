import type { Part } from '@store/shared';
import { Link } from 'react-router-dom';
import { excerpt, formatPrice, formatQuantity } from '../../../lib/format';
import { PurchaseAction } from './purchase-action';
import { StockBadge } from './stock-badge';

/**
 * One part as the home page and the catalog show it (spec §2). `heading` keeps the outline
 * unbroken: h3 under the home page's section headings, h2 right under the catalog's h1.
 */
export function PartCard({
  part,
  priority = false,
  heading: Heading = 'h3',
}: {
  part: Part;
  priority?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const headingId = `part-${part._id}`;
  const page = `/parts/${encodeURIComponent(part._id)}`;
  return (
    <article
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
      data-testid="part-card"
    >
      {/* The name links to the same page: the image is a mouse target only, not a second tab stop. */}
      <Link to={page} tabIndex={-1} aria-hidden="true" className="block bg-base-200">
        <img
          src={part.img}
          alt={part.name}
          width={800}
          height={600}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full object-contain"
        />
      </Link>
      <div className="card-body gap-3">
        {/* Two lines kept for every name, and a badge row on every card (the stock badge), so
            the boxes below line up across a row of cards. */}
        <Heading id={headingId} className="card-title line-clamp-2 block min-h-[2lh] text-lg leading-snug">
          <Link to={page} className="link link-hover">
            {part.name}
          </Link>
        </Heading>
        <div className="flex flex-wrap gap-2">
          <StockBadge stock={part.stock} />
          {part.bulkDiscount && <span className="badge badge-accent">Bulk discount eligible</span>}
        </div>
        <p className="text-2xl font-bold text-primary" data-testid="part-price">
          {formatPrice(part.price)} <span className="text-sm font-normal text-base-content/60">per unit</span>
        </p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-base-content/60">Minimum order</dt>
            <dd className="font-semibold">{formatQuantity(part.minOrderQuantity)}</dd>
          </div>
          <div className="rounded-box bg-base-200 px-3 py-2">
            <dt className="text-base-content/60">Available</dt>
            <dd className="font-semibold">{formatQuantity(part.availableQuantity)}</dd>
          </div>
        </dl>
        <p className="text-base-content/80" data-testid="part-excerpt" title={part.description}>
          {excerpt(part.description)}
        </p>
        <div className="card-actions mt-auto justify-end">
          <PurchaseAction part={part} />
        </div>
      </div>
    </article>
  );
}

export function PartCardSkeleton() {
  return (
    <div className="card border border-base-300" aria-hidden="true">
      <div className="skeleton aspect-[4/3] w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-8 w-1/3" />
        <div className="skeleton h-16 w-full" />
        <div className="skeleton h-12 w-full" />
      </div>
    </div>
  );
}
