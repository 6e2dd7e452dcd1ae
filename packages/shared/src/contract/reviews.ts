import { z } from 'zod';
import { apiMessages } from '../messages/index.js';
import { paginationQuerySchema } from '../schemas/common.js';
import { deleteResultSchema, insertResultSchema } from '../schemas/responses.js';
import { reviewInputSchema, reviewSchema } from '../schemas/review.js';
import { error, type FeatureContract, idParams, invalid, notFound, route } from './define.js';
import { routeTable } from './route-table.js';

export const reviews = {
  list: route(routeTable.reviews.list, {
    summary: 'List reviews, newest first',
    query: paginationQuerySchema,
    responses: { 200: { description: 'A page of reviews.', schema: z.array(reviewSchema) }, 400: invalid },
  }),
  add: route(routeTable.reviews.add, {
    summary: 'Add a review',
    description: 'Name and e-mail come from the token.',
    body: reviewInputSchema,
    responses: {
      201: { description: 'Added.', schema: insertResultSchema },
      400: invalid,
      429: error(
        'Too many reviews from this account (REVIEW_RATE_LIMIT a minute, REVIEW_DAILY_LIMIT a day).',
      ),
    },
  }),
  remove: route(routeTable.reviews.remove, {
    summary: 'Delete a review',
    params: idParams,
    notFound: apiMessages.reviewNotFound,
    responses: { 200: { description: 'Deleted.', schema: deleteResultSchema }, 404: notFound },
  }),
} satisfies FeatureContract<'reviews'>;
