import {
  myOrderExportColumns as column,
  formatOrderNumber,
  type OrderCardPayment,
  orderPaymentStates,
  orderStatusLabels,
  paymentMessages,
} from '@store/shared';
import { CSV_BOM, type CsvValue, csvRow } from '../../lib/csv.js';
import { amount, type CsvLine, LINE_CSV_COLUMNS, toOrderCardPayment } from './dto.js';
import type { OrderLineRow, OrderPaymentRow, OrderRow } from './repo.js';

/** What a row reads besides its order and line: the order's card payment and the store's currency. */
interface RowFacts {
  payment: OrderCardPayment | undefined;
  /** ISO 4217, upper case (`GBP`), as accounts write it. */
  currency: string;
}

/** How the order's payment stands: its card payment's state if it had one, else by its status. */
const paymentState = (row: OrderRow, { payment }: RowFacts) =>
  payment ? paymentMessages.states[payment.status] : orderPaymentStates[row.status];

/**
 * A customer's own orders as CSV, one row per line (the order's columns repeated on each): each
 * column's header and how it is read. No name, e-mail, phone or address: they are the customer's
 * own, and the file goes to their accounts department with the bills it matches.
 */
export const MY_ORDER_CSV_COLUMNS: readonly (readonly [
  string,
  (row: OrderRow, line: CsvLine, facts: RowFacts) => CsvValue,
])[] = [
  [column.number, (r) => formatOrderNumber(r.number)],
  [column.date, (r) => r.createdAt.toISOString()],
  [column.status, (r) => orderStatusLabels[r.status]],
  [column.payment, (r, _, f) => paymentState(r, f)],
  [column.poReference, (r) => r.poReference],
  ...LINE_CSV_COLUMNS,
  [column.orderTotal, (r) => amount(r.totalCents)],
  [column.currency, (_, __, f) => f.currency],
];

/** What the export reads for each batch of orders: their lines and card payments, a query each. */
export interface MyOrdersCsvSource {
  batches: AsyncIterable<OrderRow[]>;
  linesOf(orderIds: string[]): Promise<Map<string, OrderLineRow[]>>;
  paymentsOf(orderIds: string[]): Promise<Map<string, OrderPaymentRow[]>>;
}

/**
 * The CSV a batch of orders at a time: the byte-order mark and header come with the first chunk,
 * which is read before anything is sent (a database that is down is still a clean 503), and
 * memory holds one batch however many orders the customer has.
 */
export async function* myOrdersCsv(source: MyOrdersCsvSource, currency: string): AsyncGenerator<string> {
  let head = CSV_BOM + csvRow(MY_ORDER_CSV_COLUMNS.map(([name]) => name));
  const code = currency.toUpperCase();
  for await (const batch of source.batches) {
    const ids = batch.map((row) => row.id);
    const [lines, payments] = await Promise.all([source.linesOf(ids), source.paymentsOf(ids)]);
    const rows = batch.flatMap((row) => {
      const facts = { payment: toOrderCardPayment(payments.get(row.id) ?? []), currency: code };
      return (lines.get(row.id) ?? []).map((line) =>
        csvRow(MY_ORDER_CSV_COLUMNS.map(([, read]) => read(row, line, facts))),
      );
    });
    yield head + rows.join('');
    head = '';
  }
  if (head) yield head;
}
