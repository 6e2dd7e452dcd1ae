import type { Part } from '@store/shared';
import { partMessages as m } from '@store/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { excerpt, formatPrice, formatQuantity } from '../lib/format';
import { CardAddToCartIsland } from './add-to-cart';
import { PartSku } from './part-sku';
import { PurchaseAction } from './purchase-action';
import { StockBadge } from './stock-badge';

/**
 * One part as the home page and the catalog show it. `heading` keeps the outline
 * unbroken: h3 under the home page's section headings, h2 right under the catalog's h1.
 */
export function PartCard({
  part,
  priority = false,
  heading: Heading = 'h3',
  extra,
}: {
  part: Part;
  priority?: boolean;
  heading?: 'h2' | 'h3';
  /** One more action beside the card's own (a category page's Compare). */
  extra?: ReactNode;
}) {
  const headingId = `part-${part._id}`;
  const page = `/parts/${encodeURIComponent(part._id)}`;
  return (
    // A subgrid of seven rows (image, name, badges, price, figures, excerpt, actions) in the
    // page's grid: the cards of a row share each row's height, so their prices, boxes and buttons
    // line up whatever wraps (a long name, two badges in a narrow column, a short excerpt).
    <article
      aria-labelledby={headingId}
      className="card row-span-7 grid grid-rows-subgrid gap-x-0 gap-y-3 border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
      data-testid="part-card"
    >
      {/* The name links to the same page: the image is a mouse target only, not a second tab stop. */}
      <Link to={page} tabIndex={-1} aria-hidden="true" className="block rounded-t-box bg-base-200">
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
      {/* The whole name, however many lines: cut at two, '… M.2' would lose its 'SSD'. */}
      <Heading id={headingId} className="card-title px-6 pt-3 text-lg leading-snug">
        <Link to={page} className="link link-hover">
          {part.name}
        </Link>
      </Heading>
      {/* The SKU shares the badges' row: the card's seven rows stay seven. */}
      <div className="flex flex-col content-start gap-2 px-6">
        <PartSku part={part} />
        <div className="flex flex-wrap gap-2">
          <StockBadge stock={part.stock} />
          {part.bulkDiscount && <span className="badge badge-accent">{m.bulkEligible}</span>}
        </div>
      </div>
      <p className="px-6 text-2xl font-bold text-primary" data-testid="part-price">
        {formatPrice(part.price)}{' '}
        <span className="text-sm font-normal text-base-content/60">{m.perUnit}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 px-6 text-sm">
        <div className="rounded-box bg-base-200 px-3 py-2">
          <dt className="text-base-content/60">{m.minimumOrder}</dt>
          <dd className="font-semibold">{formatQuantity(part.minOrderQuantity)}</dd>
        </div>
        <div className="rounded-box bg-base-200 px-3 py-2">
          <dt className="text-base-content/60">{m.available}</dt>
          <dd className="font-semibold">{formatQuantity(part.availableQuantity)}</dd>
        </div>
      </dl>
      <p className="px-6 text-base-content/80" data-testid="part-excerpt" title={part.description}>
        {excerpt(part.description)}
      </p>
      <div className="card-actions items-start justify-end px-6 pb-6">
        {extra}
        <PurchaseAction part={part} />
        {part.stock !== 'out' && (
          <CardAddToCartIsland
            part={{
              _id: part._id,
              name: part.name,
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
