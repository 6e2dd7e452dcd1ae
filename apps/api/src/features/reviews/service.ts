import type { PaginationQuery, Review } from '@store/shared';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { ReviewRow, ReviewsRepo } from './repo.js';

/** Public shape: the reviewer's e-mail stays on the server (DESIGN.md §3). */
function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    message: row.message,
    ratings: row.ratings,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createReviewsService(repo: ReviewsRepo) {
  return {
    async list(query: PaginationQuery): Promise<Page<Review>> {
      const { items, total } = await repo.listNewest(toOffset(query));
      return { items: items.map(toReviewDto), total };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
