export const productMessages = {
  updated: 'The product has been updated.',
  deleted: 'The product has been deleted.',
  none: 'No products yet.',
  noMatch: (q: string) => `No parts match “${q}”.`,
  /** The product form's preview of the image chosen, before it is uploaded. */
  chosenImage: (fileName: string) => `The image chosen: ${fileName}`,
} as const;

/** Availability on every card, the part page and the purchase page. */
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

/** A part as cards, the part page and the purchase page show it. */
export const partMessages = {
  bulkEligible: 'Bulk discount eligible',
  perUnit: 'per unit',
  unitPrice: 'Unit price',
  minimumOrder: 'Minimum order',
  available: 'Available',
  quantity: 'Quantity',
  loading: 'Loading the part…',
  yourBill: 'Your bill',
  purchase: 'Purchase',
  /** The Purchase link's name for screen readers: which part it buys. */
  purchasePart: (name: string) => `Purchase ${name}`,
  /** The part number, small and muted on cards and part pages. */
  sku: (sku: string) => `SKU ${sku}`,
  /** Shown only when the pack holds more than one unit. */
  soldInPacks: (pack: number) => `Sold in packs of ${pack}`,
  /** The part page's specification table. */
  specifications: 'Specifications',
  specBrand: 'Brand',
  specCategory: 'Category',
  specYes: 'Yes',
  specNo: 'No',
  /** A number with its unit: '5.1 GHz', '16'. */
  specNumber: (value: string, unit?: string) => (unit ? `${value} ${unit}` : value),
} as const;

/** The catalog (`/parts`): its heading, search, sort, count and pages. */
export const catalogMessages = {
  title: 'All parts',
  searchLabel: 'Search parts by name, brand, SKU or category',
  sort: 'Sort',
  newest: 'Newest',
  priceAsc: 'Price: low to high',
  priceDesc: 'Price: high to low',
  bestMatch: 'Best match',
  pages: 'Catalog pages',
  /** Above the results: '12 parts', '1000+ parts matching “ssd”'. */
  count: (total: number, capped: boolean, q: string) =>
    `${total}${capped ? '+' : ''} ${total === 1 ? 'part' : 'parts'}${q ? ` matching “${q}”` : ''}`,
  /** A search with a word no known word begins with (decision 052): 'Did you mean graphics card?' */
  didYouMean: 'Did you mean',
} as const;

/** Add Product, Update and Manage Products. */
export const productAdminMessages = {
  addTitle: 'Add Product',
  manageTitle: 'Manage Products',
  backToManage: '← Manage Products',
  updateTitle: (name: string) => `Update ${name}`,
  saveChanges: 'Save changes',
  loading: 'Loading the product…',
  loadingList: 'Loading products…',
  searchLabel: 'Search products by name',
  pages: 'Product pages',
  image: 'Image',
  name: 'Name',
  perUnit: 'Per unit',
  stock: 'Stock',
  /** With the store's currency symbol (decision 056). */
  price: (symbol: string) => `Price (per unit, ${symbol})`,
  available: 'Available quantity',
  minOrder: 'Minimum order quantity',
  /** The part number customers quote, and how many units make a pack. */
  sku: 'SKU',
  pack: 'Pack size',
  bulkDiscount: 'Bulk discount (5% per 500 units)',
  description: 'Description',
  currentImage: 'Current',
  replaceImage: 'Replace the image (optional)',
  /** Where the part sits in the catalog, and its specifications by the category's attributes. */
  category: 'Category',
  noCategory: 'No category',
  brand: 'Brand',
  loadingCategories: 'Loading the categories…',
  specsHeading: (category: string) => `${category} specifications`,
  specsHint:
    'Leave empty what does not apply. For a text value, pick one its parts already have or type a new one.',
  noSpecs: 'This category defines no specifications.',
  /** A number's field names its unit: 'Boost clock (GHz)'. */
  specField: (label: string, unit?: string) => (unit ? `${label} (${unit})` : label),
  specNotGiven: 'Not given',
  specYes: 'Yes',
  specNo: 'No',
} as const;
