import type { QueryClient } from '@tanstack/react-query';
import { facetsQuery } from '../features/catalog';
import type { FirstAnswer } from '../lib/first-answers';
import { categoriesQuery, partQuery, partsListQuery } from '../lib/part-queries';
import { reviewsQuery } from '../lib/review-queries';

/**
 * Starts the feature's own query for a declared answer (lib/first-answers.ts): the same key and
 * the same call the page's component makes, so the page reads it from the cache.
 */
export function prefetchAnswer(client: QueryClient, answer: FirstAnswer): Promise<void> {
  switch (answer.route) {
    case 'parts.list':
      return client.prefetchQuery(partsListQuery(answer.list));
    case 'parts.get':
      return client.prefetchQuery(partQuery(answer.id));
    case 'parts.facets':
      return client.prefetchQuery(facetsQuery(answer.view));
    case 'reviews.list':
      return client.prefetchQuery(reviewsQuery(answer.reviews));
    case 'categories.list':
      return client.prefetchQuery(categoriesQuery());
  }
}
