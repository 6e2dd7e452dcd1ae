/** What other features may use of the categories: the tree and its questions. */
export type { CategoriesService } from './service.js';
export { type CategoryNode, CategoryTree } from './tree.js';
