/**
 * An order's lines on the web: the table on an order's page, its Payment page and its
 * printable invoice, the lines count in My Orders and on the desk, the PO reference, and Order
 * again with what became of each line.
 */
export const orderLineMessages = {
  heading: 'Parts ordered',
  caption: 'The parts of this order, one line each: SKU, part, unit price, quantity, discount and line total',
  sku: 'SKU',
  part: 'Part',
  discount: 'Discount',
  lineTotal: 'Line total',
  /** A line without a bulk discount: the cell says so rather than showing a lone dash. */
  noDiscount: 'None',
  discountPercent: (percent: number) => `(${percent}%)`,
  subtotal: 'Subtotal',
  /** Under the part in My Orders and on the desk, and beside an order's lines. */
  lineCount: (count: number) => (count === 1 ? '1 line' : `${count.toLocaleString('en-US')} lines`),
  poReference: 'PO reference',
  /** The desk's row: the buyer's PO under who ordered. */
  poReferenceOf: (po: string) => `PO ${po}`,
  /** My Orders' PO cell when the buyer gave none: said, as a line without a discount is. */
  noPoReference: 'None',
  orderAgain: 'Order again',
  orderingAgain: 'Adding to your cart…',
  reorderHeading: 'Order again',
  reorderSummary: (added: number, total: number) => {
    if (added === total) {
      return `${total === 1 ? 'The line was' : `All ${total} lines were`} added to your cart at today’s prices.`;
    }
    if (added === 0)
      return total === 1
        ? 'The line could not be added to your cart.'
        : 'No line could be added to your cart.';
    const refused = total - added === 1 ? 'the other one' : 'the others';
    return `${added} of ${total} lines added to your cart at today’s prices; ${refused} could not be added.`;
  },
  reorderCaption: 'Each line of this order and what became of it',
  result: 'Result',
  added: 'Added',
  notAdded: 'Not added',
  suggested: (quantity: number) => `Suggested quantity: ${quantity.toLocaleString('en-US')}`,
  goToCart: 'Go to your cart',
} as const;
