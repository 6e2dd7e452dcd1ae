/** A multi-line order's `productName` (what the single-part field shows for it). */
const FIRST_AND_MORE = '{first} and {more} more';

export const orderMessages = {
  noOrders: 'You have no orders yet.',
  noOrdersToManage: 'No orders match.',
  cancelled: 'Your order has been cancelled.',
  statusUpdated: 'The order status has been updated.',
  partGone: 'This part is no longer available.',
  // Replaced by functions: a part's name is text, never a replacement pattern (`$&`).
  firstAndMore: (first: string, more: number) =>
    FIRST_AND_MORE.replace('{more}', () => String(more)).replace('{first}', () => first),
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
  poReference: 'PO reference',
  sku: 'SKU',
  part: 'Part',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Line total',
  /** The order's amount before tax and its tax (decision 053); `Bill` is their sum, the gross. */
  net: 'Net',
  tax: 'Tax',
  bill: 'Bill',
  status: 'Status',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
} as const;

/**
 * The header row of a customer's own orders CSV (`GET /api/myorders.csv`), in column order: what
 * their accounts department matches bills by, one row per line.
 */
export const myOrderExportColumns = {
  number: orderExportColumns.number,
  date: orderExportColumns.date,
  status: orderExportColumns.status,
  payment: 'Payment status',
  poReference: orderExportColumns.poReference,
  sku: orderExportColumns.sku,
  part: orderExportColumns.part,
  quantity: orderExportColumns.quantity,
  unitPrice: orderExportColumns.unitPrice,
  discount: orderExportColumns.discount,
  lineTotal: orderExportColumns.lineTotal,
  orderTotal: 'Order total',
  currency: 'Currency',
} as const;

/**
 * The customer CSV's payment status of an order without a card payment (one with a card payment
 * says how that stands: paymentMessages.states), by the order's status.
 */
export const orderPaymentStates = {
  unpaid: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Paid',
  cancelled: 'Nothing to pay',
} as const;

/**
 * An order's status in words, written once: the status badge (My Orders, an order's pages, its
 * history, the web invoice) and the customers' status filter.
 */
export const orderStatusLabels = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
} as const;

/**
 * The admin desk's words for the same statuses. Deliberately different for one: the desk keeps
 * the spec's 'UnPaid' (decision 010), the text of its unpaid orders' button, so that its filter
 * says what its rows show. (The PDF invoice has its own words: invoiceMessages.statusLabels.)
 */
export const deskStatusLabels = { ...orderStatusLabels, unpaid: 'UnPaid' } as const;

/** The heading of an order's payment box, by status. */
export const paymentStatusHeadings = {
  unpaid: 'How to pay',
  paid: 'Payment received',
  shipped: 'Shipped',
  cancelled: 'Order cancelled',
} as const;

/** The admin's moves on an order: each button's words and how the order reads afterwards. */
export const orderMoveMessages = {
  markPaid: 'Mark as paid',
  markedPaid: 'marked as paid',
  markShipped: 'Mark as shipped',
  markedShipped: 'marked as shipped',
  markUnpaid: 'Mark as unpaid',
  markedUnpaid: 'marked as unpaid',
  cancel: 'Cancel order',
  cancelled: 'cancelled',
  /** The spec's 'UnPaid' button's name: it starts with what it shows and says what it does. */
  unpaidButtonName: (number: string) => `${deskStatusLabels.unpaid}: mark order ${number} as paid`,
  carrier: 'Carrier (optional)',
  trackingNumber: 'Tracking number (optional)',
  goBack: 'Go back',
} as const;

/** My Orders, Manage Orders, an order's page, its payment page and its invoice page. */
export const orderPageMessages = {
  allOrders: 'All orders',
  status: 'Status',
  number: 'Number',
  date: 'Date',
  product: 'Product',
  customer: 'Customer',
  part: 'Part',
  bill: 'Bill',
  pages: 'Order pages',
  myOrdersTitle: 'My Orders',
  loadingYourOrders: 'Loading your orders…',
  yourOrdersCaption: 'Your orders, newest first',
  browseParts: 'Browse our parts',
  payment: 'Payment',
  /** After 'Payment' or 'Cancel Order', for screen readers: which order. */
  forOrder: (number: string) => `for ${number}`,
  cancelOrder: 'Cancel Order',
  manageTitle: 'Manage Orders',
  exportCsv: 'Export CSV',
  searchLabel: 'Search orders by number, e-mail or PO reference',
  searchPlaceholder: 'Order number, e-mail or PO',
  clearSearch: 'Clear the search',
  loadingOrders: 'Loading orders…',
  ordersCaption: 'Orders, newest first',
  loadingOrder: 'Loading the order…',
  order: 'Order',
  orderNumber: (number: string) => `Order ${number}`,
  placed: 'Placed',
  lastChange: 'last change',
  thisOrder: 'This order',
  invoice: 'Invoice',
  downloadPdfInvoice: 'Download PDF invoice',
  backTo: (page: string) => `← Back to ${page}`,
  delivery: 'Delivery',
  phone: 'Phone',
  address: 'Address',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  manageThisOrder: 'Manage this order',
  totalBill: 'Total bill:',
  whatNext: 'What happens next',
  history: 'History',
  historyCaption: 'Status changes of this order, oldest first',
  when: 'When',
  by: 'By',
  loadingInvoice: 'Loading the invoice…',
  print: 'Print',
  downloadPdf: 'Download PDF',
  backToOrder: '← Back to the order',
  invoiceLines: 'Invoice lines',
  invoiceDate: 'Date:',
  invoiceStatus: 'Status:',
} as const;

/** The admin's Outbox: the e-mails a store without SMTP_URL writes instead of sending. */
export const outboxMessages = {
  title: 'Outbox',
  loading: 'Loading e-mails…',
  pages: 'Outbox pages',
  caption: 'E-mails written instead of sent, newest first',
  date: 'Date',
  to: 'To',
  subjectAndText: 'Subject and text',
} as const;
