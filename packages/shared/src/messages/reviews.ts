export const reviewMessages = {
  verifiedBuyer: 'Verified buyer',
  confirmDelete: 'Delete this review? It will disappear from the home page.',
  deleted: 'The review has been deleted.',
} as const;

/** A review's card and the Add Review page. */
export const reviewPageMessages = {
  rated: (value: number, max: number) => `Rated ${value} out of ${max}`,
  /** After 'Delete', for screen readers: whose review. */
  deleteWhose: (name: string) => `the review by ${name}`,
  title: 'Add Review',
  intro: 'Tell other buyers about the parts and the service.',
  message: 'Message',
  ratings: (max: number) => `Ratings (0 to ${max})`,
  sending: 'Sending…',
} as const;
