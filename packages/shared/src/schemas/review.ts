import { z } from 'zod';
import { RATING_MAX } from '../constants.js';
import { validationMessages as m } from '../messages/index.js';
import { hasAtMostTwoDecimals, plainText } from './common.js';

/**
 * A review as the API returns it: never the reviewer's e-mail (docs/architecture.md, 'Answers and
 * errors').
 */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  message: z.string(),
  ratings: z.number(),
  /** The reviewer has an order that is not cancelled. */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** `POST /api/review` and the Add Review form. Name and e-mail come from the token. */
export const reviewInputSchema = z.object({
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .max(1000, m.messageTooLong)
    .refine(plainText({ multiline: true }), m.messageInvalid),
  ratings: z
    .number({ error: m.ratingsRequired })
    .min(0, m.ratingsRange)
    .max(RATING_MAX, m.ratingsRange)
    .refine(hasAtMostTwoDecimals, m.ratingsStep),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
