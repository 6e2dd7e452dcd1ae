/** Business constants and limits, named once. */

export const MIN_PASSWORD_LENGTH = 6;

/** Home page: how many of the newest parts, and how long a description excerpt. */
export const HOME_PARTS_COUNT = 3;
export const DESCRIPTION_EXCERPT_LENGTH = 100;

/** The catalog's sorts (partSortSchema); plain here so the first load reads a URL's sort without zod. */
export const PART_SORTS = ['newest', 'price-asc', 'price-desc'] as const;

export const RATING_MAX = 5;
export const RATING_STEP = 0.01;

/** Premium promotion: 5% per full 500 units of eligible parts (capped; see ordering). */
export const BULK_DISCOUNT = { percentPerStep: 5, unitsPerStep: 500, maxPercent: 25 } as const;

/** A part is 'Low stock' below this many units unless LOW_STOCK_THRESHOLD says otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 50;

export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  theme: 'light',
} as const;

/** Data cache: 3 retries (its 5-minute cache time and capped back-off are TanStack Query's defaults). */
export const QUERY_CACHE = { retries: 3 } as const;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const SIGN_IN_POPUP = { width: 500, height: 600, closedPollMs: 2000 } as const;

/** Lists are always paginated; no endpoint returns an unbounded list. */
export const PAGE_SIZE = { default: 12, max: 100 } as const;
/**
 * Deepest page a list may ask for by number: keeps OFFSET scans bounded. The catalog reaches
 * every page past it through its keyset `cursor` (decision 012).
 */
export const MAX_PAGE = 1000;
/**
 * A search's matches are counted up to this many and no further (the count stops reading there);
 * a total at the cap comes with `X-Total-Count-Capped: true` ("1,000+ parts").
 */
export const SEARCH_COUNT_CAP = 1000;

/** The highest unit price a part may have, in currency units. */
export const MAX_PRICE = 1_000_000;

/**
 * Business summary on the home page: hard-coded figures. An amount of money is a
 * number of millions, written in the store's own currency when shown ('£12M' on a pound store).
 */
export const BUSINESS_SUMMARY = [
  { label: 'Total customers', value: '1,200+' },
  { label: 'Likes', value: '33K+' },
  { label: 'New users this year', value: '480+' },
  { label: 'Annual revenue', millions: 12 },
] as const;

/** A cart holds at most this many distinct parts: a bill of materials, not a warehouse. */
export const MAX_CART_LINES = 100;

/**
 * Quick order: at most this many rows in one paste or CSV file (more is refused
 * whole), and this many characters of text, which keeps the JSON body under the API's 100 kB.
 */
export const MAX_QUICK_ORDER_ROWS = 500;
export const MAX_QUICK_ORDER_TEXT = 50_000;
