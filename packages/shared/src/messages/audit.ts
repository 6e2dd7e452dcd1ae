import type { AuditAction, AuditTargetType } from '../schemas/audit.js';

/** The audit trail: the Audit log page, the entries on an order and a part, the filters. */
export const auditMessages = {
  title: 'Audit log',
  intro: 'Every admin action, newest first: who did it, when, and what changed.',
  filters: 'Filter the log',
  actor: 'Admin (e-mail)',
  action: 'Action',
  anyAction: 'Any action',
  targetType: 'Target',
  anyTarget: 'Anything',
  targetId: 'Order number, SKU or e-mail',
  targetIdHint:
    'With a target chosen: an order’s number (PD-100001), a product’s SKU, a user’s e-mail, an image’s address, or any target’s id.',
  from: 'From',
  to: 'To',
  apply: 'Show',
  clear: 'Clear filters',
  downloadCsv: 'Download CSV',
  loading: 'Loading the audit log…',
  empty: 'No entries match these filters.',
  noEntries: 'No admin actions recorded yet.',
  failed: 'The audit log could not be loaded.',
  more: 'Show older entries',
  at: 'When',
  who: 'Who',
  what: 'What',
  on: 'On',
  changes: 'Changes',
  changedTo: 'changed to',
  none: '—',
  count: (shown: number, total: number, capped: boolean) =>
    `Showing ${shown} of ${capped ? `more than ${total}` : total} entries`,
  /** The order's and the part's own entries, on the order desk and the part's edit page. */
  history: 'Audit trail',
  historyEmpty: 'No admin actions on this yet.',
  seeAll: 'See all in the audit log',
  // The filters' own words (the API's 400s name these fields).
  actorInvalid: 'Enter an e-mail address',
  actionInvalid: 'Choose one of the listed actions',
  targetTypeInvalid: 'Choose one of the listed targets',
  targetIdInvalid: 'Enter an order number, a SKU, an e-mail or an id',
  targetIdNeedsType: 'Choose what kind of target this names',
} as const;

/** Each action in words, in the log's list and its filter. */
export const auditActionLabels: Record<AuditAction, string> = {
  'part.add': 'Product added',
  'part.edit': 'Product edited',
  'part.stock': 'Stock changed',
  'part.delete': 'Product deleted',
  'image.upload': 'Image uploaded',
  'order.move': 'Order status changed',
  'order.cancel': 'Order cancelled',
  'payment.refund': 'Card payment refunded',
  'payment.refund-asked': 'Card payment to check sent back',
  'review.remove': 'Review removed',
  'user.role': 'Role changed',
  'user.credit-limit': 'Credit limit changed',
  'user.remove': 'User removed',
  'user.restore': 'User restored',
  'admin.sign-in': 'Admin signed in',
  'category.add': 'Category added',
  'category.edit': 'Category edited',
  'category.delete': 'Category deleted',
};

/** The fields an entry's changes name, in words: what the API records under each key. */
const auditFieldLabels: Record<string, string> = {
  sku: 'SKU',
  name: 'Name',
  price: 'Price',
  minOrderQuantity: 'Minimum order',
  orderMultiple: 'Pack size',
  availableQuantity: 'Stock',
  description: 'Description',
  bulkDiscount: 'Bulk discount',
  img: 'Image',
  category: 'Category',
  brand: 'Brand',
  attributes: 'Specifications',
  status: 'Status',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  payment: 'Payment',
  role: 'Role',
  creditLimit: 'Credit limit',
  message: 'Message',
  ratings: 'Rating',
  slug: 'Address name',
  parent: 'Parent category',
  position: 'Position',
};

/**
 * A recorded field's label; a key without one is still read as words (`leadTimeDays` → 'Lead
 * time days'), never shown as code.
 */
export function auditFieldLabel(field: string): string {
  const label = auditFieldLabels[field];
  if (label) return label;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const auditTargetLabels: Record<AuditTargetType, string> = {
  part: 'Product',
  image: 'Image',
  order: 'Order',
  review: 'Review',
  user: 'User',
  category: 'Category',
};
