/**
 * The web cart's words: Add to cart, the top bar's cart button, the cart page, its
 * checkout, and the quick-order page. The cart's API answers are in cart.ts.
 */

/** 'Add to cart' on cards, the part page and the purchase page, and its announcement. */
export const addToCartMessages = {
  add: 'Add to cart',
  addPart: (name: string) => `Add ${name} to cart`,
  adding: 'Adding…',
  added: (quantity: string, name: string) => `Added ${quantity} × ${name} to your cart.`,
  failed: 'Could not add to your cart. Please try again.',
  viewCart: 'View cart',
  quantity: 'Quantity',
  packHint: (pack: string) => `Sold in packs of ${pack}.`,
} as const;

/** The top bar's cart button (it ships in the first load, so only these few words). */
export const cartButtonMessages = {
  cart: 'Cart',
  /** The button's accessible name: 'Cart, 3 lines'. */
  cartLines: (lines: number) => `Cart, ${lines} ${lines === 1 ? 'line' : 'lines'}`,
  quickOrder: 'Quick order',
} as const;

export const cartPageMessages = {
  title: 'Your cart',
  loading: 'Loading your cart…',
  empty: 'Your cart is empty.',
  emptyHint: 'Find parts in the catalog, or paste a list of SKUs in Quick order.',
  toCatalog: 'Browse the catalog',
  toQuickOrder: 'Quick order',
  linesHeading: 'Lines',
  sku: 'SKU',
  part: 'Part',
  unitPrice: 'Unit price',
  quantity: 'Quantity',
  quantityOf: (name: string) => `Quantity of ${name}`,
  lineTotal: 'Line total',
  lineDiscount: (percent: number) => `Bulk discount ${percent}%`,
  packOf: (pack: string) => `Packs of ${pack}`,
  minimum: (minimum: string) => `Minimum ${minimum}`,
  decrease: (name: string) => `Fewer of ${name}`,
  increase: (name: string) => `More of ${name}`,
  suggestion: (quantity: string) => `Use ${quantity}`,
  suggestionFor: (quantity: string, name: string) => `Use ${quantity} for ${name}`,
  remove: 'Remove',
  removePart: (name: string) => `Remove ${name} from the cart`,
  removed: (name: string) => `Removed ${name} from your cart.`,
  updated: (name: string, quantity: string) => `${name}: quantity ${quantity}.`,
  emptyCart: 'Empty cart',
  emptyCartConfirm: 'Remove every line from your cart?',
  emptied: 'Your cart is empty now.',
  updateFailed: 'Could not update your cart. Please try again.',
  totalsHeading: 'Totals',
  subtotal: 'Subtotal',
  discount: 'Bulk discount',
  total: 'Total',
  units: 'Units',
  lines: 'Lines',
  fixProblems: 'Fix the flagged lines before checking out.',
  signInToCheckout: 'Sign in to check out',
  unknownPart: 'Part no longer listed',
  /** The customer's credit limit (GET /api/profile), shown before they check out. */
  creditLimit: (limit: string, unpaid: string) =>
    `Your credit limit: ${limit} for unpaid orders; unpaid now: ${unpaid}.`,
  /** The cart's total alone is above the credit limit: checking out would be refused whatever they pay. */
  cartAloneOverLimit: (total: string, limit: string, contactUs: string) =>
    `This cart alone comes to ${total}, above your credit limit of ${limit}, so checking out would be refused. Reduce it, or split it into smaller orders and place each once the one before is paid, or ${contactUs} to raise your limit.`,
  /** With the unpaid orders the cart goes above the limit: paying for or cancelling one makes room. */
  cartOverLimit: (after: string, limit: string, contactUs: string) =>
    `Checking out this cart would bring your unpaid orders to ${after}, above your credit limit of ${limit}, so it would be refused. Pay for or cancel an order first, or ${contactUs} to raise your limit.`,
} as const;

export const cartCheckoutMessages = {
  heading: 'Checkout',
  poReference: 'PO reference (optional)',
  poHint: 'Your purchase-order number, printed on the order and the invoice.',
  placeOrder: 'Place order',
  placing: 'Placing your order…',
  failed: 'Some lines cannot be ordered as they are: see each line.',
} as const;

export const quickOrderMessages = {
  title: 'Quick order',
  intro: 'Paste one line per part, a SKU and a quantity, or choose a CSV file with the same columns.',
  linesLabel: 'SKU, quantity per line',
  /** Parts of the demo catalog, each quantity one it sells (test/platform/readme-examples.test.ts). */
  placeholder: 'NX-LW-AX5400, 20\nNX-AS140-PWM; 100\nSKU,quantity',
  fileLabel: 'Or choose a CSV file',
  fileRead: (name: string) => `Read ${name}.`,
  fileFailed: 'Could not read that file.',
  add: 'Add to cart',
  adding: 'Adding…',
  results: 'Results',
  /** `attention`: rows added whose cart line breaks a rule (pack, minimum, stock), apart from `added`. */
  resultsSummary: (added: number, errors: number, attention = 0) =>
    `${added} ${added === 1 ? 'row' : 'rows'} added, ${
      attention > 0 ? `${attention} added but ${attention === 1 ? 'needs' : 'need'} attention, ` : ''
    }${errors} ${errors === 1 ? 'error' : 'errors'}.`,
  row: 'Row',
  sku: 'SKU',
  quantity: 'Quantity',
  status: 'Status',
  message: 'Message',
  added: 'Added',
  /** Added, but its cart line cannot be ordered as it is: the row's message says why. */
  addedNeedsAttention: 'Added, needs attention',
  error: 'Error',
  suggestion: (quantity: string) => `Use ${quantity}`,
  suggestionFor: (quantity: string, sku: string) => `Use ${quantity} for ${sku}`,
  toCart: 'Go to your cart',
  failed: 'Could not add these lines. Please try again.',
} as const;
