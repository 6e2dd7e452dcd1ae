/**
 * What the shell uses of browsing by category: the top bar's menu, and the facets query the
 * store's rendering fetches first. The category and compare pages load as their routes match.
 */
export { facetsQuery } from './api';
export { CategoryMenu } from './components/category-menu';
