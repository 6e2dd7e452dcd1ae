/** The home page's sections and the other public pages the web app draws. */
export const homeMessages = {
  bannerKicker: 'Wholesale computer parts',
  bannerTitle: 'Build more. Pay less per part.',
  bannerText:
    'Processors, graphics cards, memory, storage and everything between, in the quantities your workshop, shop or IT department needs, shipped free.',
  browseParts: 'Browse parts',
  why: (siteName: string) => `Why ${siteName}`,
  partsTitle: 'Our Parts',
  partsText: 'The latest additions to our catalog, ready to ship in bulk.',
  seeAllParts: 'See all parts',
  summaryTitle: 'Millions of businesses trust us',
  summaryText: "Try to understand users' expectations, one order at a time.",
  reviewsTitle: 'What our customers say',
  reviewsText: 'Reviews from the builders, shops and IT teams we supply.',
  loadingReviews: 'Loading reviews…',
  premiumKicker: 'Premium service',
  premiumTitle: 'More than a parts supplier',
  partnershipTitle: '5 years business partnership',
  partnershipText:
    'Five years of steady supply, fair prices and a named account manager for every business customer.',
  shippingTitle: 'Free shipping',
  shippingText: 'Every order ships free, insured and tracked, from our warehouse to your door.',
  discountTitle: (percent: number, units: number) => `${percent}% discount for every ${units} quantities`,
  discountText: (percent: number, units: number) =>
    `Order specific products in bulk and save ${percent}% for every ${units} units, on parts marked "Bulk discount eligible".`,
} as const;

export const publicPageMessages = {
  blogsTitle: 'Blogs',
  blogsIntro: 'Answers to questions our developers are often asked.',
  blogsQuestions: 'Questions',
  /** Before each question's heading. */
  question: 'Q.',
  portfolioTitle: 'Portfolio',
  portfolioText:
    'Our portfolio is on its way: case studies of the workshops, resellers and IT departments we supply will appear here soon.',
  notFoundHint: 'The link may be broken, or the page may have moved.',
  backHome: 'Back to the home page',
  renderFailed: 'Something went wrong while showing this page.',
  reload: 'Reload',
} as const;
