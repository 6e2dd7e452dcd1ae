/**
 * The shell every page shares: the top bar, the footer, the dashboard's menu and the loading
 * states around them. These ship in the first load (decision 017), so only they live here.
 */
export const navMessages = {
  home: 'Home',
  parts: 'Parts',
  blogs: 'Blogs',
  portfolio: 'Portfolio',
  dashboard: 'Dashboard',
  signOut: 'Sign Out',
  login: 'Login',
  mainNav: 'Main',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  skipToContent: 'Skip to content',
  loadingPage: 'Loading page',
  /** Shown while the first page's chunk loads. */
  loadingApp: (siteName: string) => `Loading ${siteName}…`,
} as const;

export const dashboardMenuMessages = {
  heading: 'Dashboard',
  toggle: 'Dashboard menu',
  menu: 'Menu',
  nav: 'Dashboard',
  loading: 'Loading menu…',
  profile: 'My Profile',
  myOrders: 'My Orders',
  addReview: 'Add Review',
  addProduct: 'Add Product',
  manageProducts: 'Manage Products',
  manageOrders: 'Manage Orders',
  // The spec's name for the Users page's link.
  users: 'Make Admin',
  outbox: 'Outbox',
  overview: 'Overview',
  audit: 'Audit log',
  importProducts: 'Import products',
  categories: 'Categories',
} as const;

export const footerMessages = {
  tagline: 'Computer parts in wholesale quantities for builders, resellers and IT teams.',
  services: 'Services',
  company: 'Company',
  bulkOrdering: 'Bulk ordering',
  freeShipping: 'Free shipping',
  ourParts: 'Our parts',
  customerReviews: 'Customer reviews',
  aboutUs: 'About us',
  blogs: 'Blogs',
  businessSummary: 'Business summary',
  copyright: 'Copyright ©',
  allRightsReserved: (siteName: string) => `${siteName}. All rights reserved.`,
  socialMedia: 'Social media',
  /** A social icon's name for screen readers: 'Parts Depot on LinkedIn'. */
  onNetwork: (siteName: string, network: string) => `${siteName} on ${network}`,
} as const;
