import type { Order, OrderLine } from '@store/shared';
import { billMessages, orderLineMessages as m } from '@store/shared';
import type { ReactNode } from 'react';
import { formatPrice, formatQuantity } from '../../../lib/format';

/**
 * A scrolling box must take keyboard focus (axe: scrollable-region-focusable) and, focusable, a
 * name; Biome's element rules do not know scrolling boxes (PagedTable does the same).
 */
const scrollBox = (label: string) => ({ role: 'region', 'aria-label': label, tabIndex: 0 }) as const;

/** A discount drawn with '−', which screen readers skip: they hear 'minus' instead. */
function Minus({ amount }: { amount: number }) {
  return (
    <>
      <span aria-hidden="true">−</span>
      <span className="sr-only">{billMessages.minus} </span>
      {formatPrice(amount)}
    </>
  );
}

function LineRow({ line }: { line: OrderLine }) {
  return (
    <tr data-testid="order-line">
      <td className="whitespace-nowrap" data-label={m.sku} data-testid="order-line-sku">
        {line.sku}
      </td>
      {/* A part's name may break anywhere; the figures beside it may not. */}
      <th scope="row" className="font-normal wrap-anywhere" data-label={m.part}>
        {line.productName}
      </th>
      <td className="text-right whitespace-nowrap" data-label={billMessages.unitPrice}>
        {formatPrice(line.unitPrice)}
      </td>
      <td className="text-right" data-label={billMessages.quantity} data-testid="order-line-quantity">
        {formatQuantity(line.productQuantity)}
      </td>
      <td className="text-right whitespace-nowrap" data-label={m.discount}>
        {line.discount > 0 ? (
          <span>
            <Minus amount={line.discount} /> {m.discountPercent(line.discountPercent)}
          </span>
        ) : (
          m.noDiscount
        )}
      </td>
      <td className="text-right font-semibold whitespace-nowrap" data-label={m.lineTotal}>
        {formatPrice(line.price)}
      </td>
    </tr>
  );
}

/**
 * A row of the order's totals under the lines: its name as the row's header, spanning the
 * lines' other columns, so that a screen reader reads each figure with its name. The total
 * stands out; the rows before it do not.
 */
function BillRow({
  label,
  testId,
  total = false,
  children,
}: {
  label: string;
  testId?: string;
  total?: boolean;
  children: ReactNode;
}) {
  return (
    <tr>
      <th scope="row" colSpan={5} className={total ? 'text-right' : 'text-right font-normal'}>
        {label}
      </th>
      <td
        className={`text-right ${total ? 'font-bold' : 'font-normal'} whitespace-nowrap`}
        data-testid={testId}
      >
        {children}
      </td>
    </tr>
  );
}

/**
 * Every line of an order (SKU, part, unit price, quantity, discount, line total) and the order's
 * totals: an order's page, its Payment page and its printable invoice. On phones each line is a
 * card of labelled figures (styles.css, .table-stacked); on paper the header repeats on every
 * page and no line is split across two (styles.css, @media print).
 */
export function OrderLinesTable({
  order,
  totalTestId,
  label = m.heading,
}: {
  order: Order;
  totalTestId?: string;
  /** The scrolling box's name. */
  label?: string;
}) {
  // Both from the server: what the lines cost before their discounts is the total plus them.
  const subtotal = order.price + order.discount;
  return (
    <div className="overflow-x-auto print:overflow-visible" {...scrollBox(label)}>
      <table className="order-lines table table-sm table-stacked" data-testid="order-lines">
        <caption className="sr-only">{m.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.sku}</th>
            <th scope="col">{m.part}</th>
            <th scope="col" className="text-right">
              {billMessages.unitPrice}
            </th>
            <th scope="col" className="text-right">
              {billMessages.quantity}
            </th>
            <th scope="col" className="text-right">
              {m.discount}
            </th>
            <th scope="col" className="text-right">
              {m.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            // A line is known by its position in the order (order_lines.position), which never changes.
            <LineRow key={i} line={line} />
          ))}
        </tbody>
        <tfoot className="text-base-content">
          {order.discount > 0 && (
            <>
              <BillRow label={m.subtotal}>{formatPrice(subtotal)}</BillRow>
              <BillRow label={billMessages.bulkDiscount}>
                <Minus amount={order.discount} />
              </BillRow>
            </>
          )}
          <BillRow label={billMessages.net} testId="order-net">
            {formatPrice(order.net)}
          </BillRow>
          <BillRow label={billMessages.taxAt(order.taxRate)} testId="order-tax">
            {formatPrice(order.tax)}
          </BillRow>
          <BillRow label={billMessages.totalBill} testId={totalTestId} total>
            {formatPrice(order.price)}
          </BillRow>
        </tfoot>
      </table>
    </div>
  );
}
