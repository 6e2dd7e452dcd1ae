import { formatCents } from './money.js';

/**
 * Every user-facing string of the spec (§5, §6, §8), spelled exactly as the spec spells it,
 * plus the API's own error messages. Nothing else in the code base writes these literals.
 */
export const validationMessages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Please enter valid email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Password should be 6 character !!',
  nameRequired: 'Name is Required',
  priceRequired: 'Price is Required',
  availableRequired: 'Available quantity is Required',
  minOrderRequired: 'Minimum Order quantity is Required',
  descriptionRequired: 'Product Description is Required',
  imageRequired: 'Image is Required',
  // The spec requires message and ratings but names no text; these follow its style.
  messageRequired: 'Message is Required',
  ratingsRequired: 'Ratings is Required',
  // Hardening beyond the spec (docs/architecture.md, 'Validation and hardening'): bounds the spec left open.
  nameTooLong: 'Name must be at most 120 characters',
  pricePositive: 'Price must be greater than 0',
  priceCents: 'Price can have at most 2 decimals',
  priceTooHigh: 'Price must be at most 1,000,000',
  wholeNumber: 'Please enter a whole number',
  availableNegative: 'Available quantity cannot be negative',
  minOrderAtLeastOne: 'Minimum Order quantity must be at least 1',
  minOrderAboveAvailable: 'Minimum Order quantity cannot be above the available quantity',
  quantityTooHigh: 'Quantity must be at most 1,000,000',
  // An update that sets the stock names the stock it was based on (issue 11); the API's words.
  availableBeforeRequired: 'The available quantity the edit was based on is Required',
  availableBeforeAlone:
    'The available quantity the edit was based on goes only with a new available quantity',
  descriptionTooLong: 'Product Description must be at most 2000 characters',
  imageInvalid: 'Image must be a link issued by the image host',
  ratingsRange: 'Ratings must be between 0 and 5',
  ratingsStep: 'Ratings can have at most 2 decimals',
  messageTooLong: 'Message must be at most 1000 characters',
  phoneRequired: 'Phone is Required',
  phoneInvalid: 'Please enter a valid phone number (7 to 15 digits)',
  addressRequired: 'Address is Required',
  addressTooShort: 'Address should be at least 10 characters',
  addressTooLong: 'Address must be at most 300 characters',
  addressInvalid: 'Address contains characters that are not allowed',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 printable characters',
  // Control characters (NUL and the like) are refused in every text field.
  nameInvalid: 'Name contains characters that are not allowed',
  descriptionInvalid: 'Product Description contains characters that are not allowed',
  messageInvalid: 'Message contains characters that are not allowed',
  searchInvalid: 'Search contains characters that are not allowed',
  cursorInvalid: 'This page link is not valid: start again from the first page.',
  cursorSortMismatch: 'This page link belongs to another sort order: start again from the first page.',
  shippingInvalid: 'Use letters, digits and punctuation only.',
  carrierTooLong: 'The carrier must be at most 100 characters.',
  trackingNumberTooLong: 'The tracking number must be at most 100 characters.',
  shippingOnlyWhenShipped: 'A carrier and tracking number go with shipping only.',
  creditLimitRequired: 'Credit limit is Required',
  creditLimitNumber: 'Please enter an amount, such as 25000 or 25000.50',
  creditLimitNegative: 'Credit limit cannot be negative',
  creditLimitCents: 'Credit limit can have at most 2 decimals',
  creditLimitTooHigh: 'Credit limit must be at most 100,000,000',
  // My Profile's defaults for checkout and invoices (issue 20).
  companyNameTooLong: 'Company name must be at most 120 characters',
  companyNameInvalid: 'Company name contains characters that are not allowed',
  vatNumberInvalid: 'Please enter a valid VAT number (2 to 20 letters and digits)',
  vatNumberWithoutCompany: 'A VAT number goes with a company name',
} as const;

export const toastMessages = {
  productAdded: 'Product added successfully',
  productAddFailed: 'Failed to add the product',
  reviewAdded: 'Successfully added Your review !!',
  orderCompleted: 'Your order successfully completed !!',
  makeAdminSucceeded: 'Make admin Successfully !!!',
  makeAdminFailed: 'Failed to Make an Admin !!!',
  unauthorized: 'You are a unathorized user !!!',
  /** Our token was refused (401): the user is signed out and sent to the home page (issue 20). */
  sessionEnded: 'Your session ended. Please sign in again.',
} as const;

/** Login's one answer for an unknown e-mail and a wrong password: it never says which. */
const wrongCredentials = 'The e-mail or password is not correct.';

/** The identity provider's errors, in words a person understands (shown under the password). */
export const authErrorMessages: Record<string, string> = {
  'auth/invalid-credential': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/user-not-found': wrongCredentials,
  'auth/invalid-email': 'Please enter valid email',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Please log in instead.',
  'auth/weak-password': 'Password should be 6 character !!',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact us.',
  'auth/network-request-failed':
    'The sign-in service cannot be reached. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before finishing.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before finishing.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Please allow pop-ups and try again.',
  'auth/account-exists-with-different-credential':
    'This e-mail already signs in another way. Please log in with your password.',
};
export const authFallbackError = 'Sign-in failed. Please try again.';

/** 'Forgot password?' on the login page: one answer whether or not the account exists. */
export const passwordResetMessages = {
  forgot: 'Forgot password?',
  sending: 'Sending the link…',
  sent: (email: string) =>
    `If ${email} has an account here, we sent it a link to choose a new password. Follow it, then log in with the new one.`,
} as const;

/** Our own confirmations for actions the spec shows without a message. */
export const accountMessages = {
  nameUpdated: 'Your name has been updated.',
  userRemoved: 'The user has been removed.',
  confirmRemoveUser: (email: string) => `Remove ${email}? They will no longer be able to sign in.`,
  noUsers: 'No users yet.',
  removedUsers: 'Removed users',
  removedUsersHint: 'They cannot sign in or sign up again until you restore their e-mail.',
  noRemovedUsers: 'No removed users.',
  userRestored: (email: string) => `${email} can sign in again.`,
  confirmRestoreUser: (email: string) => `Restore ${email}? They will be able to sign in again.`,
  emailVerified: 'Verified',
  emailNotVerified: 'Not verified',
  verifyEmail: 'Verify your e-mail',
  verifyEmailHint: 'Verify your e-mail address to secure your account. You can shop before you do.',
  verificationSent: (email: string) =>
    `We sent a link to ${email}. Follow it, then come back here and press “I followed the link”.`,
  verificationCheck: 'I followed the link',
  stillUnverified: 'Your e-mail is not verified yet. Follow the link in the message we sent you.',
  nowVerified: 'Your e-mail is verified.',
  profileDefaultsSaved: 'Your checkout and invoice details have been saved.',
  /**
   * Users page and admin command: the admin role is granted, its powers wait
   * (docs/architecture.md, 'Admin powers').
   */
  adminWaitingForVerification: 'waiting for e-mail verification',
  adminPowersWait: (email: string) =>
    `Admin powers for ${email} are waiting for e-mail verification: they start once ${email} verifies their e-mail address (My Profile shows how).`,
  confirmMakeAdmin: (name: string, email: string) =>
    `Make ${name ? `${name} (${email})` : email} an admin? They will be able to manage products, orders and users, and see every customer's details.`,
  /** A Users page button's name for screen readers: its visible words, then whom it acts on. */
  actOnUser: (action: string, email: string) => `${action}: ${email}`,
} as const;

/** The Users page's credit limits: what a customer's unpaid orders may total (decision 027). */
export const creditLimitMessages = {
  column: 'Credit limit',
  defaultNote: '(default)',
  editText: 'Edit',
  edit: (who: string) => `Edit the credit limit of ${who}`,
  label: (who: string) => `Credit limit of ${who} (US$)`,
  hint: 'The most this customer’s unpaid orders may total.',
  save: 'Save',
  useDefault: 'Use the default',
  cancel: 'Cancel',
  saved: (who: string, limit: string) => `The credit limit of ${who} is now ${limit}.`,
} as const;

export const confirmMessages = {
  cancelOrder: 'Are you sure to Cancel this Order?',
  deleteProduct: 'Are you sure to delete this Product?',
} as const;

export const pageMessages = {
  notFound: 'Your page is not Found',
  chunkLoadFailed: (chunk: string | number) => `Loading chunk ${chunk} failed`,
  /** index.html, when the app's own script has not started it after a while (issue 20). */
  appLoadFailed: 'Parts Depot did not load',
  reloadHint: 'Please reload the page. If it keeps happening, try again in a minute.',
  loadFailed: 'We could not load this. Check your connection and try again.',
  noParts: 'No parts are listed yet. Please check back soon.',
  pagePastEnd: (page: number, pages: number) =>
    `Page ${page} is empty: the catalog has ${pages} ${pages === 1 ? 'page' : 'pages'}.`,
  lastPageLink: (pages: number) => `Go to the last page (${pages})`,
  noReviews: 'No reviews yet.',
} as const;

/** Document titles ('My Orders · Parts Depot') and public pages' meta descriptions. */
export const headMessages = {
  siteName: 'Parts Depot',
  title: (page: string) => `${page} · Parts Depot`,
  titles: {
    home: 'Computer parts in bulk',
    catalog: 'Catalog',
    part: 'Part',
    blogs: 'Blogs',
    portfolio: 'Portfolio',
    login: 'Login',
    register: 'Register',
    purchase: 'Purchase',
    profile: 'My Profile',
    myOrders: 'My Orders',
    payment: 'Payment',
    order: 'Order',
    invoice: 'Invoice',
    addReview: 'Add Review',
    addProduct: 'Add Product',
    manageProducts: 'Manage Products',
    editProduct: 'Edit Product',
    manageOrders: 'Manage Orders',
    users: 'Users',
    outbox: 'Outbox',
    notFound: 'Page not found',
  },
  descriptions: {
    home: 'Parts Depot: computer parts in wholesale quantities, with bulk discounts and free shipping.',
    catalog:
      'Every computer part Parts Depot sells in bulk: search by name, sort by price, and see each minimum order and stock.',
    blogs: 'Parts Depot answers common questions about building a web store: React, Node.js and JavaScript.',
    portfolio: 'Who builds Parts Depot: skills, education and projects.',
  },
} as const;

/** Error bodies of the API: `{ message, fields? }` (docs/architecture.md, 'Answers and errors'). */
export const apiMessages = {
  invalidInput: 'Some of the data sent is not valid.',
  invalidQuery: 'The query parameters are not valid.',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  routeNotFound: 'There is no such API endpoint.',
  partNotFound: 'This part does not exist or is no longer available.',
  internal: 'Something went wrong on our side. Please try again.',
  unhealthy: 'The database is not reachable.',
  databaseUnavailable: 'The store is briefly unavailable. Please try again in a few seconds.',
  signInRequired: 'Please sign in to continue.',
  sessionInvalid: 'Your session has expired or is not valid. Please sign in again.',
  identityInvalid: 'Your sign-in could not be verified. Please sign in again.',
  identityMismatch: 'You can only sign in to your own account.',
  identityUnavailable: 'The sign-in service cannot be reached right now. Please try again in a minute.',
  accountRemoved:
    'This account has been removed from the store. Please contact us if you think this is a mistake.',
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
  /** MAX_UNPAID_TOTAL, or the customer's own credit limit (issue 19, item 6). */
  unpaidTotalTooHigh: (totalCents: number, limitCents: number) =>
    `This order would bring your unpaid orders to ${formatCents(totalCents)}, above your credit limit of ${formatCents(limitCents)}. Please pay for or cancel an order first, or contact us to raise your limit.`,
  invalidIdempotencyKey: 'The Idempotency-Key header is not valid.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
  reviewNotFound: 'This review does not exist.',
  /** A stale edit form: the stock moved (orders, cancels) since it was loaded. */
  stockChanged: (available: number) => `Stock changed to ${available} since you opened this form`,
} as const;

export const orderMessages = {
  noOrders: 'You have no orders yet.',
  noOrdersToManage: 'No orders match.',
  cancelled: 'Your order has been cancelled.',
  statusUpdated: 'The order status has been updated.',
  partGone: 'This part is no longer available.',
} as const;

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
  total: 'Total',
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

export const productMessages = {
  updated: 'The product has been updated.',
  deleted: 'The product has been deleted.',
  none: 'No products yet.',
  noMatch: (q: string) => `No parts match “${q}”.`,
  /** The product form's preview of the image chosen, before it is uploaded (issue 20). */
  chosenImage: (fileName: string) => `The image chosen: ${fileName}`,
} as const;

/** Availability on every card, the part page and the purchase page (issue 12). */
export const stockMessages = {
  labels: { in: 'In stock', low: 'Low stock', out: 'Out of stock' },
  /** The disabled button in place of Purchase, and the purchase page's quantity hint. */
  outOfStock: 'Out of stock',
  outOfStockNote: 'This part is out of stock for now.',
  inStockOnly: 'In stock only',
  noneInStock: 'No parts in stock match. Untick “In stock only” to see every part.',
} as const;

export const partPageMessages = {
  notFound: 'We could not find this part. It may have been removed from the catalog.',
  toCatalog: 'Browse all parts',
  bulkNote: '5% off for every 500 units, up to 25%.',
  quantityRange: (min: string, max: string) => `Between ${min} and ${max}`,
} as const;

export const reviewMessages = {
  verifiedBuyer: 'Verified buyer',
  confirmDelete: 'Delete this review? It will disappear from the home page.',
  deleted: 'The review has been deleted.',
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
