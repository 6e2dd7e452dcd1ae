export const orderMessages = {
  noOrders: 'You have no orders yet.',
  noOrdersToManage: 'No orders match.',
  cancelled: 'Your order has been cancelled.',
  statusUpdated: 'The order status has been updated.',
  partGone: 'This part is no longer available.',
} as const;

/**
 * The order's own pages (detail, confirmation, payment, invoice) and the admin's desk: every
 * status move named for what it does, and asked with the order number in the question.
 */
export const fulfilmentMessages = {
  placed: (number: string) => `Thank you — your order ${number} is placed`,
  placedNext: (number: string) =>
    `We e-mail you a confirmation. Pay as shown below, quoting ${number}; we ship once payment arrives and e-mail you the tracking details.`,
  quoteNumber: (number: string) => `Quote your order number ${number} with your payment.`,
  paid: 'Payment received — we will ship soon.',
  paidNext: 'We e-mail you when it ships, with the carrier and tracking number.',
  shipped: 'Your order is on its way.',
  shippedNoTracking: 'The carrier did not give a tracking number for this order.',
  cancelled: 'This order was cancelled. There is nothing to pay.',
  systemBy: 'Automatic',
  expiredBy: 'Automatic (unpaid too long)',
  confirmPaid: (number: string) => `Mark order ${number} as paid?`,
  confirmShipped: (number: string) => `Mark order ${number} as shipped?`,
  confirmUnpaid: (number: string) =>
    `Mark order ${number} as unpaid? Use this to undo a payment marked by mistake.`,
  confirmCancel: (number: string) => `Cancel order ${number}? Its stock goes back on sale.`,
  shipHint: 'Carrier and tracking number are optional; the customer sees them and receives them by e-mail.',
  moved: (number: string, status: string) => `Order ${number} is now ${status}.`,
  final: (status: string) => `This order is ${status}: nothing more to do.`,
  searching: (q: string) => `Showing orders matching “${q}”.`,
  downloadFailed: 'The download failed. Please try again.',
  noEmails: 'No e-mails yet.',
  outboxHint:
    'Without SMTP_URL the store does not send e-mails: it writes each one here (and as an .eml file under DATA_DIR/outbox/), so you can see what customers would receive.',
} as const;

/** The header row of the orders CSV (`GET /api/orders.csv`), in column order. */
export const orderExportColumns = {
  number: 'Number',
  date: 'Date',
  customer: 'Customer',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  part: 'Part',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  discount: 'Discount',
  bill: 'Bill',
  status: 'Status',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
} as const;
