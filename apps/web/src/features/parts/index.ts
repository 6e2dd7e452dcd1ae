export {
  categoriesQuery,
  newestPartsQuery,
  partKeys,
  partQuery,
  partsListQuery,
  plainCatalogQuery,
} from './api';
export { PartCard, PartCardSkeleton } from './components/part-card';
export { PartSku } from './components/part-sku';
export { StockBadge } from './components/stock-badge';
