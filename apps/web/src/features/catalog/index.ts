/**
 * What other parts of the app may use of browsing by category (issue 23): the top bar's menu and
 * the home page's tiles. The category and compare pages load as their routes match.
 */
export { CategoryMenu } from './components/category-menu';
export { CategoryTiles } from './components/category-tiles';
