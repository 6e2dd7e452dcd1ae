/** The words of the PDF invoice (GET /api/order/:id/invoice.pdf). */
export const invoiceMessages = {
  title: (number: string) => `Invoice ${number}`,
  issueDate: 'Issue date',
  status: 'Status',
  seller: 'From',
  buyer: 'Bill to',
  taxId: (taxId: string) => `VAT/Tax ID: ${taxId}`,
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  bulkDiscount: (percent: number) => `Bulk discount (${percent}%)`,
  /** A multi-line order whose lines have different bulk discounts: their sum. */
  bulkDiscounts: 'Bulk discounts',
  /** Under a line's description: its own bulk discount. */
  lineDiscount: (percent: number, amount: string) => `Bulk discount ${percent}%: -${amount}`,
  sku: 'SKU',
  poReference: (po: string) => `Your PO reference: ${po}`,
  total: 'Total',
  net: 'Net (before tax)',
  tax: (percent: number) => `Tax (${percent}%)`,
  paymentDetails: 'Payment details',
  statusLabels: {
    unpaid: 'Awaiting payment',
    paid: 'Paid',
    shipped: 'Paid and shipped',
    cancelled: 'Cancelled',
  },
  quoteNumber: (number: string) => `Please quote ${number} with your payment.`,
  paymentReceived: 'Payment received. Thank you.',
  shippedWith: (carrier: string | null, trackingNumber: string | null) =>
    ['Shipped', carrier && `with ${carrier}`, trackingNumber && `(tracking number ${trackingNumber})`]
      .filter(Boolean)
      .join(' ')
      .concat('.'),
  cancelledNote: 'This order was cancelled. Nothing is due.',
  cancelledWatermark: 'CANCELLED',
  thanks: 'Thank you for your order.',
} as const;
