/**
 * Every sentence of the store's order e-mails (apps/api/src/mail/wording.ts assembles them into
 * a subject, a greeting, paragraphs and a table of the order's details).
 */
export const emailMessages = {
  greeting: (name: string) => `Hello ${name},`,
  /** The admins' e-mail about a new order greets no one by name. */
  greetingNoName: 'Hello,',
  details: {
    order: 'Order',
    placed: 'Placed',
    part: 'Part',
    quantity: 'Quantity',
    bulkDiscount: 'Bulk discount',
    net: 'Net (before tax)',
    tax: (percent: number) => `Tax (${percent}%)`,
    total: 'Total',
    shipTo: 'Ship to',
    phone: 'Phone',
    customer: 'Customer',
    email: 'E-mail',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    sku: 'SKU',
    poReference: 'Your PO reference',
    /** A multi-line order's lines, one row each. */
    line: (position: number) => `Line ${position}`,
  },
  /** One line of a multi-line order: `GPU-4090 · RTX 4090 · 2 × £1,599.00 = £3,198.00`. */
  lineSummary: (sku: string, name: string, quantity: string, unitPrice: string, total: string) =>
    `${sku} · ${name} · ${quantity} × ${unitPrice} = ${total}`,
  placedSubject: (number: string) => `Your order ${number} is confirmed`,
  placedThanks: (number: string) =>
    `Thank you for your order ${number}. The parts are reserved for you and ship once your payment arrives.`,
  howToPay: (instructions: string) => `How to pay: ${instructions}`,
  expiresAfter: (after: string) =>
    `If your payment has not arrived within ${after}, the order is cancelled and the parts are released.`,
  newOrderSubject: (number: string, quantity: string, part: string) =>
    `New order ${number}: ${quantity} × ${part}`,
  newOrderPlaced: (customer: string, number: string) =>
    `${customer} placed order ${number}. It waits for payment.`,
  paidSubject: (number: string) => `Payment received for your order ${number}`,
  paidReceived: (number: string) =>
    `We have received your payment for order ${number}. We are getting it ready to ship.`,
  shippedSubject: (number: string) => `Your order ${number} has shipped`,
  shippedWithCarrierAndTracking: (number: string, carrier: string, trackingNumber: string) =>
    `Your order ${number} is on its way with ${carrier}, tracking number ${trackingNumber}.`,
  shippedWithCarrier: (number: string, carrier: string) =>
    `Your order ${number} is on its way with ${carrier}.`,
  shippedWithTracking: (number: string, trackingNumber: string) =>
    `Your order ${number} is on its way, tracking number ${trackingNumber}.`,
  shippedPlain: (number: string) => `Your order ${number} is on its way.`,
  expiredSubject: (number: string) => `Your order ${number} expired unpaid and was cancelled`,
  cancelledSubject: (number: string) => `Your order ${number} is cancelled`,
  expired: (number: string) =>
    `Your order ${number} expired unpaid: we did not receive your payment in time, so the order is cancelled and the reserved parts are released.`,
  cancelledByCustomer: (number: string) => `As you asked, your order ${number} is cancelled.`,
  cancelledByStore: (number: string) => `We have cancelled your order ${number}.`,
  nothingDue:
    'Nothing more is due for it. If you have paid, or this is a surprise, please reply to this e-mail.',
  /** A lifetime in words (`72 hours`), in the largest unit that divides it. */
  duration: (n: number, unit: 'hour' | 'minute' | 'second') => `${n} ${unit}${n === 1 ? '' : 's'}`,
} as const;
