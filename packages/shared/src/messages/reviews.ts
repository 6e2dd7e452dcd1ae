export const reviewMessages = {
  verifiedBuyer: 'Verified buyer',
  confirmDelete: 'Delete this review? It will disappear from the home page.',
  deleted: 'The review has been deleted.',
} as const;
