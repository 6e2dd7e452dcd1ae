import type { ReviewInput } from '@store/shared';
import { api } from '../../lib/api';

export const addReview = (input: ReviewInput) => api.reviews.add({ body: input });
