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
