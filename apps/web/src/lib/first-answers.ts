import {
  HOME_PARTS_COUNT,
  isPriceRange,
  PAGE_SIZE,
  PART_SORTS,
  type PartSort,
  pageSearch,
} from '@store/shared';
import { pathOf, type RouteLine, routeTable } from '@store/shared/route-table';

/**
 * The API answers a public page asks for first, each declared once as a call of the contract (a
 * route id and its input): the queries call the typed client with these inputs
 * (lib/part-queries.ts, lib/review-queries.ts), the app's first views list them per path
 * (app/first-views.ts), and from there come the router's prefetches, the store's hints and the
 * answers the store's server rendering fetches before it renders (decision 038).
 *
 * Plain and zod-free: the first-load bundle holds it, and the build reads it in Node
 * (vite.config.ts, through app/first-views.ts) without the app's React code.
 */

export interface PartsList {
  page: number;
  limit: number;
  /** None: a search ranks the closest names first, the catalog shows the newest. */
  sort?: PartSort | undefined;
  q?: string | undefined;
  /** Listed parts that can be ordered now only (the API's `inStock=true`). */
  inStock?: boolean | undefined;
  /** Keyset paging (the `X-Next-Cursor` of the page before): replaces `page`. */
  cursor?: string | undefined;
  /** A category page's: its slug, and its filters in the API's words (`attr.cores`). */
  category?: string | undefined;
  filters?: Readonly<Record<string, string>> | undefined;
}

/** A category page's URL as it reads it: the filters, 'In stock only' and page (`categoryView`). */
export interface CategoryView {
  slug: string;
  page: number;
  inStock: boolean;
  /** Filter parameter → value, as in the URL (`brand` → `VoltCore,Arcwell`). */
  filters: Record<string, string>;
  /** Filters of the URL the API would refuse (`price=abc`): left out, and the page says so. */
  ignored?: string[];
}

export interface ReviewsPage {
  page: number;
  limit: number;
}

/** One answer: the route, its input, and what the feature's query is keyed by. */
export type FirstAnswer =
  | {
      route: 'parts.list';
      list: PartsList;
      input: {
        query: {
          limit: number;
          sort?: PartSort | undefined;
          q?: string | undefined;
          cursor?: string;
          page?: number;
          inStock?: 'true';
          category?: string;
          [filter: string]: string | number | undefined;
        };
      };
    }
  | {
      route: 'parts.facets';
      view: CategoryView;
      input: { query: { category: string; inStock?: 'true'; [filter: string]: string | undefined } };
    }
  | { route: 'parts.get'; id: string; input: { params: { id: string } } }
  | { route: 'reviews.list'; reviews: ReviewsPage; input: { query: ReviewsPage } }
  | { route: 'categories.list'; input: Record<never, never> };

export const answers = {
  partsList(list: PartsList) {
    const { cursor, inStock, page, filters, ...rest } = list;
    // With a cursor the page number only labels the page: the API is not asked for it.
    const query = {
      ...rest,
      ...filters,
      ...(cursor ? { cursor } : { page }),
      ...(inStock && { inStock: 'true' as const }),
    };
    return { route: 'parts.list', list, input: { query } } satisfies FirstAnswer;
  },
  facets: (view: CategoryView) =>
    ({
      route: 'parts.facets',
      view,
      input: {
        query: { ...view.filters, category: view.slug, ...(view.inStock && { inStock: 'true' as const }) },
      },
    }) satisfies FirstAnswer,
  part: (id: string) => ({ route: 'parts.get', id, input: { params: { id } } }) satisfies FirstAnswer,
  reviews: (reviews: ReviewsPage) =>
    ({ route: 'reviews.list', reviews, input: { query: reviews } }) satisfies FirstAnswer,
  /** The category tree: the labels and units of a part's specifications. */
  categories: () => ({ route: 'categories.list', input: {} }) satisfies FirstAnswer,
};

const HOME_REVIEWS_COUNT = 6;

/** "Our Parts" on the home page: the newest three. */
export const newestParts = () => answers.partsList({ page: 1, limit: HOME_PARTS_COUNT, sort: 'newest' });

/** The reviews the home page shows: the newest six. */
export const homeReviews = () => answers.reviews({ page: 1, limit: HOME_REVIEWS_COUNT });

/**
 * The list the catalog shows for its URL: search, sort, page, the in-stock filter and cursor.
 * Read from `pageSearch` alone, by which the store keeps the rendered catalog (decision 024):
 * anything else in the URL must not change the page. `pageSearch` keeps only a known sort.
 */
export function catalogList(url: URLSearchParams): PartsList & { q: string; inStock: boolean } {
  const params = new URLSearchParams(pageSearch('/parts', url));
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: PAGE_SIZE.default,
    sort: PART_SORTS.find((known) => known === params.get('sort')),
    q: params.get('q')?.trim() ?? '',
    inStock: params.get('inStock') === '1',
    cursor: params.get('cursor') || undefined,
  };
}

/** The catalog's answer for its list (`catalogList`): an empty search asks for no search. */
export const catalogAnswer = (list: PartsList) => answers.partsList({ ...list, q: list.q || undefined });

/** The catalog's answer for its URL. */
export const catalog = (url: URLSearchParams) => catalogAnswer(catalogList(url));

/** The category tree: the home page's tiles, a part's specification labels, a category's name. */
export const categoryTree = () => answers.categories();

/** A category page's view of its URL, read from `pageSearch` alone as the catalog's is. */
export function categoryView(slug: string, url: URLSearchParams): CategoryView {
  const filters: Record<string, string> = {};
  const ignored: string[] = [];
  let page = 1;
  let inStock = false;
  for (const [name, value] of pageSearch(`/c/${slug}`, url)) {
    if (name === 'page') page = Number(value);
    else if (name === 'inStock') inStock = true;
    else if (name === 'price' && !isPriceRange(value)) ignored.push(name);
    else filters[name] = value;
  }
  return { slug, page, inStock, filters, ...(ignored.length > 0 && { ignored }) };
}

/** The list a category page shows for its view. */
export const categoryList = (view: CategoryView): PartsList => ({
  page: view.page,
  limit: PAGE_SIZE.default,
  category: view.slug,
  filters: view.filters,
  inStock: view.inStock,
});

/**
 * What a category page asks for first: the tree (its name), its parts and facets, and the part
 * its list is matched to, if any (named on its chip).
 */
export function categoryPage(slug: string, url: URLSearchParams): FirstAnswer[] {
  const view = categoryView(slug, url);
  const matched = view.filters.compatibleWith;
  return [
    categoryTree(),
    answers.partsList(categoryList(view)),
    answers.facets(view),
    ...(matched ? [answers.part(matched)] : []),
  ];
}

/** A query string (`?a=1`, or '' for none), in the query's order; undefined and null left out. */
export function searchOf(query: object = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

const LINES = {
  'parts.list': routeTable.parts.list,
  'parts.get': routeTable.parts.get,
  'parts.facets': routeTable.parts.facets,
  'reviews.list': routeTable.reviews.list,
  'categories.list': routeTable.categories.list,
} satisfies Record<FirstAnswer['route'], RouteLine>;

/** The URL (under the API's origin) the typed client asks for this answer. */
export function requestOf(answer: FirstAnswer): string {
  const { input } = answer;
  return `${pathOf(LINES[answer.route], 'params' in input ? input.params : {})}${searchOf('query' in input ? input.query : {})}`;
}
