export const confirmMessages = {
  cancelOrder: 'Are you sure to Cancel this Order?',
  deleteProduct: 'Are you sure to delete this Product?',
} as const;

/** Words the web app's shared controls use on every page. */
export const uiMessages = {
  yes: 'Yes',
  no: 'No',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  search: 'Search',
  tryAgain: 'Try again',
  saving: 'Saving…',
  delete: 'Delete',
  update: 'Update',
  actions: 'Actions',
} as const;

/** A bill, wherever it is shown: the live preview, an order's page and its invoice page. */
export const billMessages = {
  unitPrice: 'Unit price',
  quantity: 'Quantity',
  subtotal: 'Subtotal',
  bulkDiscount: 'Bulk discount',
  bulkDiscountPercent: (percent: number) => `Bulk discount (${percent}%)`,
  /** Read before a discount's amount, which is drawn with a '−' sign screen readers skip. */
  minus: 'minus',
  totalBill: 'Total bill',
  total: 'Total',
  /** Decision 053: every bill shows its amount before tax, the tax and the total. */
  net: 'Net (before tax)',
  tax: 'Tax',
  /** An order's tax with the rate it was placed under. */
  taxAt: (percent: number) => `Tax (${percent}%)`,
} as const;
