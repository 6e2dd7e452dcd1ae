import {
  apiMessages,
  type DeleteResult,
  type InsertResult,
  type PaginationQuery,
  type Review,
  type ReviewInput,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { NotFound } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { AuditTrail } from '../audit/index.js';
import type { ReviewsRepo } from './repo.js';

type ListedReview = Awaited<ReturnType<ReviewsRepo['listNewest']>>['items'][number];

/**
 * Public shape: the reviewer's e-mail stays on the server (docs/architecture.md, 'Answers and
 * errors').
 */
function toReviewDto(row: ListedReview): Review {
  return {
    _id: row.id,
    name: row.name,
    message: row.message,
    ratings: row.ratings,
    verified: Boolean(row.verified),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createReviewsService(
  repo: ReviewsRepo,
  /** Where an admin's removal is recorded, in the removal's transaction. */
  audit: AuditTrail,
) {
  return {
    async list(query: PaginationQuery): Promise<Page<Review>> {
      const { items, total } = await repo.listNewest(toOffset(query));
      return { items: items.map(toReviewDto), total };
    },

    /** Name and e-mail are the signed-in user's, never the body's. */
    async add(author: Caller, input: ReviewInput): Promise<InsertResult> {
      const insertedId = await repo.insert({ name: author.name, email: author.email, ...input });
      return { acknowledged: true, insertedId };
    },

    /** An admin's: the entry keeps what the review said and who posted it (by name). */
    async remove(admin: Caller, id: string): Promise<DeleteResult> {
      await repo.inTransaction(async (reviews, tx) => {
        const was = await reviews.delete(id);
        if (!was) throw new NotFound(apiMessages.reviewNotFound);
        await audit.record(tx, {
          actor: admin.email,
          action: 'review.remove',
          target: { type: 'review', id, label: was.name },
          before: { name: was.name, message: was.message, ratings: was.ratings },
        });
      });
      return { acknowledged: true, deletedCount: 1 };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
