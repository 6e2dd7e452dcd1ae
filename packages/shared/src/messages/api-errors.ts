import { DEFAULT_MONEY_PATTERN, formatCents, type MoneyPattern } from '../money.js';
import { DEFAULT_STORE_CONTACT, type StoreContact } from '../store-settings.js';

/** 'contact us', with the store's e-mail and phone (STORE_EMAIL, STORE_PHONE): a reader can act on it. */
export const contactUs = ({ email, phone }: StoreContact = DEFAULT_STORE_CONTACT) =>
  `contact us at ${email} or ${phone}`;

/** Error bodies of the API: `{ message, fields? }` (docs/architecture.md, 'Answers and errors'). */
export const apiMessages = {
  invalidInput: 'Some of the data sent is not valid.',
  invalidQuery: 'The query parameters are not valid.',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  routeNotFound: 'There is no such API endpoint.',
  partNotFound: 'This part does not exist or is no longer available.',
  /** SKUs are unique case-insensitively: `gpu-1` is taken by `GPU-1`. */
  skuTaken: (sku: string) => `The SKU ${sku} is already used by another part.`,
  internal: 'Something went wrong on our side. Please try again.',
  unhealthy: 'The database is not reachable.',
  databaseUnavailable: 'The store is briefly unavailable. Please try again in a few seconds.',
  signInRequired: 'Please sign in to continue.',
  sessionInvalid: 'Your session has expired or is not valid. Please sign in again.',
  identityInvalid: 'Your sign-in could not be verified. Please sign in again.',
  identityMismatch: 'You can only sign in to your own account.',
  identityUnavailable: 'The sign-in service cannot be reached right now. Please try again in a minute.',
  /** The trial set-up's stand-in for Google signs in only the browsers on the store's own machine. */
  googleStandInLocalOnly:
    "Google sign-in in this trial works only in a browser on the store's own computer. Please log in with your e-mail and password.",
  accountRemoved: (contact: StoreContact = DEFAULT_STORE_CONTACT) =>
    `This account has been removed from the store. Please ${contactUs(contact)} if you think this is a mistake.`,
  notBlocked: 'This e-mail is not on the list of removed users.',
  forbidden: 'You are not allowed to do this.',
  adminNeedsVerifiedEmail:
    'Your admin powers start once your e-mail address is verified. Verify it in My Profile, then try again.',
  userNotFound: 'There is no user with this e-mail.',
  cannotRemoveSelf: 'You cannot remove your own account.',
  lastAdmin: 'The store must keep at least one admin.',
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyReviews: 'You have posted many reviews in a short time. Please wait a while before posting another.',
  tooManyProfileChanges:
    'Your profile has changed many times in a short time. Please wait a while and try again.',
  tooManyOrderChanges:
    'You have placed or cancelled many orders in a short time. Please wait a minute and try again.',
  /** UPLOAD_CONCURRENCY uploads run and UPLOAD_QUEUE wait: one more is refused (decision 029). */
  uploadsBusy: 'Many images are being uploaded right now. Please try again in a few seconds.',
  tooManyCartChanges: 'Your cart has changed many times in a short time. Please wait a minute and try again.',
  tooManyInvoices: 'You have downloaded many invoices in a short time. Please wait a minute and try again.',
  orderNotFound: 'This order does not exist.',
  belowMinimum: (min: number) => `The minimum order for this part is ${min} units.`,
  outOfStock: (available: number) =>
    available > 0 ? `Only ${available} units are left in stock.` : 'This part is out of stock.',
  alreadyCancelled: 'This order is already cancelled.',
  cannotCancelPaid: 'This order is paid and can no longer be cancelled.',
  invalidTransition: (from: string, to: string) => `An order that is ${from} cannot be marked ${to}.`,
  tooManyOpenOrders: (max: number) =>
    `You already have ${max} unpaid orders. Please pay for or cancel one before placing another.`,
  /**
   * MAX_UNPAID_TOTAL, or the customer's own credit limit, in the store's money (decision 056):
   * the customer's unpaid orders with this one go above it, though this one alone does not, so
   * paying for or cancelling an order makes room.
   */
  unpaidTotalTooHigh: (
    totalCents: number,
    limitCents: number,
    money: MoneyPattern = DEFAULT_MONEY_PATTERN,
    contact: StoreContact = DEFAULT_STORE_CONTACT,
  ) =>
    `This order would bring your unpaid orders to ${formatCents(totalCents, money)}, above your credit limit of ${formatCents(limitCents, money)}. Please pay for or cancel an order first, or ${contactUs(contact)} to raise your limit.`,
  /**
   * The order's own total is above the credit limit: no payment or cancel of another order makes
   * room for it, so the customer is told to make it smaller or ask for a higher limit.
   */
  orderAloneOverLimit: (
    orderCents: number,
    limitCents: number,
    money: MoneyPattern = DEFAULT_MONEY_PATTERN,
    contact: StoreContact = DEFAULT_STORE_CONTACT,
  ) =>
    `This order alone comes to ${formatCents(orderCents, money)}, above your credit limit of ${formatCents(limitCents, money)}. Please reduce it, or split it into smaller orders and place each once the one before is paid, or ${contactUs(contact)} to raise your limit.`,
  invalidIdempotencyKey: 'The Idempotency-Key header is not valid.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
  reviewNotFound: 'This review does not exist.',
  /** A stale edit form: the stock moved (orders, cancels) since it was loaded. */
  stockChanged: (available: number) => `Stock changed to ${available} since you opened this form`,
} as const;
