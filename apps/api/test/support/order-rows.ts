import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { orderLines, orders, type parts } from '../../src/db/schema.js';
import type { OrderRow } from '../../src/features/orders/repo.js';

type PartRow = Pick<typeof parts.$inferSelect, 'id' | 'sku' | 'name' | 'priceCents'>;

/** What an order's one line may give besides its part: by default one unit at the part's price. */
export type LineFigures = Partial<
  Pick<
    typeof orderLines.$inferInsert,
    'productName' | 'unitPriceCents' | 'quantity' | 'discountPercent' | 'discountCents' | 'taxCents'
  >
>;

/**
 * An order written straight into the database (a test that needs orders of given dates, states
 * or customers without placing them), with its one line of `part`: an order is its lines, and
 * the API shows none without them. The order's total is the line's unless given.
 */
export async function insertOrderOf(
  db: Database,
  part: PartRow,
  order: Omit<typeof orders.$inferInsert, 'totalCents'> & { totalCents?: number },
  line: LineFigures = {},
): Promise<OrderRow> {
  const quantity = line.quantity ?? 1;
  const unitPriceCents = line.unitPriceCents ?? part.priceCents;
  const totalCents = order.totalCents ?? unitPriceCents * quantity - (line.discountCents ?? 0);
  const [row] = await db
    .insert(orders)
    .values({ ...order, totalCents })
    .returning();
  if (!row) throw new Error('the order insert returned no row');
  await db.insert(orderLines).values({
    orderId: row.id,
    position: 1,
    partId: part.id,
    sku: part.sku,
    productName: part.name,
    ...line,
    unitPriceCents,
    quantity,
    totalCents,
  });
  return row;
}

/** The orders with a line of `partId`, in no given order. */
export function ordersOfPart(db: Database, partId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        db.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.partId, partId)),
      ),
    );
}
