/**
 * What other parts of the app may use of browsing by category: the top bar's menu, the
 * home page's tiles, and the facets query the store's rendering fetches first. The category and
 * compare pages load as their routes match.
 */
export { facetsQuery } from './api';
export { CategoryMenu } from './components/category-menu';
export { CategoryTiles } from './components/category-tiles';
