/** The purchase page's order form (spec §2, §4). */
export const purchaseMessages = {
  title: 'Place your order',
  name: 'Name',
  email: 'Email',
  quantity: 'Quantity',
  phone: 'Phone',
  address: 'Address',
  order: 'Order',
  placing: 'Placing your order…',
} as const;
