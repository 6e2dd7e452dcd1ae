/** The purchase page's order form. */
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
