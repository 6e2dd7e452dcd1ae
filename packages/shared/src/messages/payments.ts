import type { PaymentStatus } from '../schemas/payment.js';

/** Card payments through Stripe Checkout: the API's refusals and the web's words. */
export const paymentMessages = {
  payByCard: 'Pay by card',
  payByCardHint: 'You pay on Stripe’s secure page and come back here.',
  orPayByTransfer: 'Or pay by bank transfer',
  goingToCardPayment: 'Taking you to the card payment page…',
  confirming: 'Payment received, confirming…',
  confirmingNext: 'This page updates by itself as soon as the card payment is confirmed.',
  confirmingSlow:
    'The confirmation is taking longer than usual. You need not pay again: we e-mail you once it arrives.',
  checkoutLeft: 'The card payment was not completed. You can try again, or pay by bank transfer.',
  notSetUp: 'Card payments are not set up in this store. Please pay by bank transfer.',
  notPayable: 'Only an unpaid order can be paid.',
  tooCloseToExpiry:
    'This order expires in less than 30 minutes, too soon to start a card payment. Please pay by bank transfer, or order again.',
  notExact: (currency: string) =>
    `This order’s total cannot be charged exactly in ${currency.toUpperCase()}. Please pay by bank transfer.`,
  providerUnavailable: 'The card payment service cannot be reached right now. Please try again in a minute.',
  webhookUnsigned: 'The event carries no valid Stripe signature.',
  webhookOutOfTime: 'The event’s Stripe signature is dated more than 5 minutes before or after now.',
  cannotUndoCardPayment:
    'This order was paid by card: its payment cannot be undone here. Cancel the order to refund the payment.',
  /** A Checkout session's item: the part as the invoice names it. */
  itemName: (sku: string, name: string) => `${name} (${sku})`,
  /** A line whose discounted total does not divide by its quantity goes as one item at its total. */
  itemNameWithQuantity: (sku: string, name: string, quantity: string) => `${quantity} × ${name} (${sku})`,
  /** Who the order's history names for a card payment Stripe confirmed. */
  stripeBy: 'Stripe (card payment)',
  paymentHeading: 'Card payment',
  /** The desk's action on a payment to check (decision 057): it is given back, in full. */
  refundToCheck: 'Refund card payment',
  refundToCheckQuestion: (number: string) =>
    `Refund the card payment of order ${number} in full? The order keeps its status; an unpaid order can still be paid.`,
  refundToCheckAsked: (number: string) => `The card payment of order ${number} is being refunded.`,
  nothingToCheck: 'This order has no card payment to check: it may have been dealt with already.',
  noPaymentIntent:
    'This card payment has no payment intent the store can refund. Please refund it in Stripe’s dashboard.',
  states: {
    paid: 'Paid by card',
    'needs-review': 'Card payment to check: its amount or currency differs from the order’s',
    'refund-pending': 'Card refund under way',
    'refund-failed': 'Card refund failed: retrying',
    refunded: 'Card payment refunded',
  } satisfies Record<PaymentStatus, string>,
} as const;
