export const pageMessages = {
  notFound: 'Your page is not Found',
  chunkLoadFailed: (chunk: string | number) => `Loading chunk ${chunk} failed`,
  /** index.html, when the app's own script has not started it after a while. */
  appLoadFailed: 'Parts Depot did not load',
  reloadHint: 'Please reload the page. If it keeps happening, try again in a minute.',
  loadFailed: 'We could not load this. Check your connection and try again.',
  /** A call that got no answer at all (offline, the store down). */
  storeUnreachable: 'The store cannot be reached. Check your connection and try again.',
  /** An error answer without a message of ours (another image host, a proxy's page). */
  requestFailed: (status: number) => `Request failed (${status})`,
  noParts: 'No parts are listed yet. Please check back soon.',
  pagePastEnd: (page: number, pages: number) =>
    `Page ${page} is empty: the catalog has ${pages} ${pages === 1 ? 'page' : 'pages'}.`,
  lastPageLink: (pages: number) => `Go to the last page (${pages})`,
  noReviews: 'No reviews yet.',
} as const;
