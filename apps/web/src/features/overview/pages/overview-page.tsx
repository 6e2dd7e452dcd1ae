import { overviewMessages as m, type Overview, orderStatusLabels, orderStatusSchema } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { overviewQuery } from '../api';
import { RevenueChart } from '../components/revenue-chart';

/** A table's box, named and reachable by keyboard should it ever scroll (axe: scrollable-region-focusable). */
const scrollBox = (label: string) => ({ role: 'region', 'aria-label': label, tabIndex: 0 }) as const;

/** The order desk showing one status: where each order figure leads. */
const deskOf = (status: string) => `/dashboard/manageorders?status=${status}`;

function Card({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  const body = (
    <>
      <span className="text-sm text-base-content/70">{label}</span>
      <span className="text-2xl font-bold tabular-nums">{value}</span>
      {hint && <span className="text-xs text-base-content/70">{hint}</span>}
    </>
  );
  const style = 'flex h-full flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4';
  return (
    <li>
      {to ? (
        <Link to={to} className={`${style} link-hover hover:border-primary focus-visible:border-primary`}>
          {body}
        </Link>
      ) : (
        <div className={style}>{body}</div>
      )}
    </li>
  );
}

function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      {hint && <p className="mt-1 text-sm text-base-content/70">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figures({ o }: { o: Overview }) {
  return (
    <>
      <p className="mt-2 max-w-3xl text-sm text-base-content/70">{m.revenueNote(o.timeZone)}</p>
      <h3 className="sr-only">{m.figures}</h3>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Card label={m.revenueToday} value={formatPrice(o.revenue.today)} />
        <Card label={m.revenue7Days} value={formatPrice(o.revenue.last7Days)} />
        <Card label={m.revenue30Days} value={formatPrice(o.revenue.last30Days)} />
        <Card label={m.toShip} value={formatQuantity(o.toShip)} hint={m.toShipHint} to={deskOf('paid')} />
        <Card
          label={m.awaitingPayment}
          value={formatQuantity(o.awaitingPayment.count)}
          hint={m.awaitingPaymentHint(formatPrice(o.awaitingPayment.total))}
          to={deskOf('unpaid')}
        />
        <Card
          label={m.newCustomers}
          value={formatQuantity(o.newCustomers.last30Days)}
          hint={m.newCustomersHint}
          to="/dashboard/users"
        />
      </ul>
    </>
  );
}

function RevenueByDay({ o }: { o: Overview }) {
  return (
    <Section id="overview-chart" title={m.chartTitle}>
      <RevenueChart days={o.revenueByDay} />
    </Section>
  );
}

function Statuses({ o }: { o: Overview }) {
  return (
    <Section id="overview-statuses" title={m.ordersByStatus} hint={m.ordersByStatusHint}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {orderStatusSchema.options.map((status) => (
          <Card
            key={status}
            label={orderStatusLabels[status]}
            value={formatQuantity(o.ordersByStatus[status])}
            to={deskOf(status)}
          />
        ))}
      </ul>
    </Section>
  );
}

function LowStock({ o }: { o: Overview }) {
  return (
    <Section
      id="overview-low-stock"
      title={m.lowStock}
      hint={m.lowStockHint(formatQuantity(o.lowStockThreshold))}
    >
      {o.lowStock.length === 0 ? (
        <EmptyState>{m.noLowStock}</EmptyState>
      ) : (
        <div className="overflow-x-auto" {...scrollBox(m.lowStock)}>
          <table className="table table-sm table-stacked">
            <caption className="sr-only">{m.lowStockCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.part}</th>
                <th scope="col">{m.sku}</th>
                <th scope="col" className="text-right">
                  {m.available}
                </th>
                <th scope="col" className="text-right">
                  {m.minimumOrder}
                </th>
              </tr>
            </thead>
            <tbody>
              {o.lowStock.map((p) => (
                <tr key={p.partId}>
                  <th scope="row" className="font-normal" data-label={m.part}>
                    <Link to={`/dashboard/manageproducts/${p.partId}`} className="link">
                      {p.name}
                    </Link>
                  </th>
                  <td className="whitespace-nowrap" data-label={m.sku}>
                    {p.sku}
                  </td>
                  <td className="text-right tabular-nums" data-label={m.available}>
                    {formatQuantity(p.availableQuantity)}
                  </td>
                  <td className="text-right tabular-nums" data-label={m.minimumOrder}>
                    {formatQuantity(p.minOrderQuantity)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function TopParts({ o }: { o: Overview }) {
  return (
    <Section id="overview-top-parts" title={m.topParts} hint={m.topPartsHint}>
      {o.topParts.length === 0 ? (
        <EmptyState>{m.noTopParts}</EmptyState>
      ) : (
        <div className="overflow-x-auto" {...scrollBox(m.topParts)}>
          <table className="table table-sm table-stacked">
            <caption className="sr-only">{m.topPartsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.part}</th>
                <th scope="col" className="text-right">
                  {m.units}
                </th>
                <th scope="col" className="text-right">
                  {m.revenue}
                </th>
              </tr>
            </thead>
            <tbody>
              {o.topParts.map((p) => (
                <tr key={p.partId}>
                  <th scope="row" className="font-normal" data-label={m.part}>
                    <Link to={`/parts/${p.partId}`} className="link">
                      {p.name}
                    </Link>
                  </th>
                  <td className="text-right tabular-nums" data-label={m.units}>
                    {formatQuantity(p.units)}
                  </td>
                  <td className="text-right tabular-nums" data-label={m.revenue}>
                    {formatPrice(p.revenue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/**
 * The owner's overview, the admins' first dashboard page: how the business is doing
 * (revenue today, the last 7 and 30 days, by day) and what needs doing (orders to ship, unpaid
 * orders, low stock), each figure leading to the page where it is acted on.
 */
export default function OverviewPage() {
  const overview = useQuery(overviewQuery());
  return (
    <div>
      <h2 className="text-2xl font-bold">{m.title}</h2>
      {overview.isPending && <LoadingState label={m.loading} />}
      {overview.isError && <ErrorState onRetry={() => void overview.refetch()} />}
      {overview.isSuccess && (
        <>
          <Figures o={overview.data} />
          <RevenueByDay o={overview.data} />
          <Statuses o={overview.data} />
          <div className="grid grid-cols-1 gap-x-8 xl:grid-cols-2 [&>*]:min-w-0">
            <LowStock o={overview.data} />
            <TopParts o={overview.data} />
          </div>
        </>
      )}
    </div>
  );
}
