export const confirmMessages = {
  cancelOrder: 'Are you sure to Cancel this Order?',
  deleteProduct: 'Are you sure to delete this Product?',
} as const;
