import type { CategoryInput } from '@store/shared';
import { api } from '../../lib/api';

/** The catalog as CSV: the export's file, and the import's per-row verdicts. */
export const exportProducts = () => api.parts.csv({ fileName: 'products.csv' });
export const importProducts = (text: string, dryRun: boolean) => api.parts.import({ body: { text, dryRun } });

/** The category tree's writes (the reads are the catalog's: `categoriesQuery`). */
export const addCategory = (input: CategoryInput) => api.categories.add({ body: input });
export const updateCategory = (slug: string, input: CategoryInput) =>
  api.categories.update({ params: { slug }, body: input });
export const removeCategory = (slug: string) => api.categories.remove({ params: { slug } });
