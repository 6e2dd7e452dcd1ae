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
export { definitionsOf, valueText as specValueText } from './components/specification-table';
export { StockBadge } from './components/stock-badge';
export { type MatchPart, setMatchPart, useMatchPart } from './match-part';
