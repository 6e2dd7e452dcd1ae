export const toastMessages = {
  productAdded: 'Product added successfully',
  productAddFailed: 'Failed to add the product',
  reviewAdded: 'Successfully added Your review !!',
  orderCompleted: 'Your order successfully completed !!',
  makeAdminSucceeded: 'Make admin Successfully !!!',
  makeAdminFailed: 'Failed to Make an Admin !!!',
  unauthorized: 'You are a unathorized user !!!',
  /** Our token was refused (401): the user is signed out and sent to the home page. */
  sessionEnded: 'Your session ended. Please sign in again.',
} as const;
