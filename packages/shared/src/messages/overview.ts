/**
 * The owner's overview: the admins' first dashboard page. Revenue counts paid and
 * shipped orders by the day they were placed, in the store's time zone.
 */
export const overviewMessages = {
  title: 'Overview',
  loading: 'Loading the figures…',
  revenueNote: (timeZone: string) =>
    `Revenue counts paid and shipped orders by the day they were placed, in the store’s time zone (${timeZone}).`,
  figures: 'Figures',
  revenueToday: 'Revenue today',
  revenue7Days: 'Revenue, last 7 days',
  revenue30Days: 'Revenue, last 30 days',
  toShip: 'To ship',
  toShipHint: 'Paid, not yet shipped',
  awaitingPayment: 'Awaiting payment',
  awaitingPaymentHint: (total: string) => `Unpaid orders totalling ${total}`,
  newCustomers: 'New customers',
  newCustomersHint: 'Signed up in the last 30 days',
  ordersByStatus: 'Orders by status',
  ordersByStatusHint: 'All time; each opens the order desk filtered',
  chartTitle: 'Revenue by day, last 30 days',
  chartLoading: 'Loading the chart…',
  chartFailed: 'The chart could not be drawn; here are its figures.',
  tableCaption: 'Revenue and paid or shipped orders for each of the last 30 days',
  day: 'Day',
  revenue: 'Revenue',
  orders: 'Orders',
  lowStock: 'Low stock',
  lowStockHint: (threshold: string) =>
    `Listed parts with fewer than ${threshold} units, or fewer than their minimum order, fewest first.`,
  lowStockCaption: 'Parts low on stock: each opens the part’s edit page',
  noLowStock: 'No part is low on stock.',
  part: 'Part',
  sku: 'SKU',
  available: 'Available',
  minimumOrder: 'Minimum order',
  topParts: 'Top parts',
  topPartsHint: 'By revenue over the last 30 days (paid and shipped orders).',
  topPartsCaption: 'The best-selling parts of the last 30 days',
  noTopParts: 'Nothing was sold in the last 30 days.',
  units: 'Units',
} as const;
