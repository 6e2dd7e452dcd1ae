/** Our own confirmations for actions the spec shows without a message. */
export const accountMessages = {
  nameUpdated: 'Your name has been updated.',
  userRemoved: 'The user has been removed.',
  confirmRemoveUser: (email: string) => `Remove ${email}? They will no longer be able to sign in.`,
  noUsers: 'No users yet.',
  removedUsers: 'Removed users',
  removedUsersHint: 'They cannot sign in or sign up again until you restore their e-mail.',
  noRemovedUsers: 'No removed users.',
  userRestored: (email: string) => `${email} can sign in again.`,
  confirmRestoreUser: (email: string) => `Restore ${email}? They will be able to sign in again.`,
  emailVerified: 'Verified',
  emailNotVerified: 'Not verified',
  verifyEmail: 'Verify your e-mail',
  verifyEmailHint: 'Verify your e-mail address to secure your account. You can shop before you do.',
  verificationSent: (email: string) =>
    `We sent a link to ${email}. Follow it, then come back here and press “I followed the link”.`,
  verificationCheck: 'I followed the link',
  stillUnverified: 'Your e-mail is not verified yet. Follow the link in the message we sent you.',
  nowVerified: 'Your e-mail is verified.',
  profileDefaultsSaved: 'Your checkout and invoice details have been saved.',
  /**
   * Users page and admin command: the admin role is granted, its powers wait
   * (docs/architecture.md, 'Admin powers').
   */
  adminWaitingForVerification: 'waiting for e-mail verification',
  adminPowersWait: (email: string) =>
    `Admin powers for ${email} are waiting for e-mail verification: they start once ${email} verifies their e-mail address (My Profile shows how).`,
  confirmMakeAdmin: (name: string, email: string) =>
    `Make ${name ? `${name} (${email})` : email} an admin? They will be able to manage products, orders and users, and see every customer's details.`,
  /** A Users page button's name for screen readers: its visible words, then whom it acts on. */
  actOnUser: (action: string, email: string) => `${action}: ${email}`,
} as const;

/** The Users page's credit limits: what a customer's unpaid orders may total (decision 027). */
export const creditLimitMessages = {
  column: 'Credit limit',
  defaultNote: '(default)',
  editText: 'Edit',
  edit: (who: string) => `Edit the credit limit of ${who}`,
  /** `currency`: the store's, as its customers write it (ISO 4217, upper case: GBP). */
  label: (who: string, currency: string) => `Credit limit of ${who} (${currency})`,
  hint: 'The most this customer’s unpaid orders may total.',
  save: 'Save',
  useDefault: 'Use the default',
  cancel: 'Cancel',
  saved: (who: string, limit: string) => `The credit limit of ${who} is now ${limit}.`,
} as const;

/** A role in words, on My Profile and the Users page. */
export const roleLabels = { admin: 'Admin', customer: 'Customer' } as const;

/** My Profile: the account, the display name and the checkout and invoice defaults. */
export const profileMessages = {
  title: 'My Profile',
  name: 'Name',
  email: 'E-mail',
  emailStatus: 'E-mail status',
  role: 'Role',
  /** An admin whose powers wait: 'Admin (waiting for e-mail verification)'. */
  adminWaiting: (note: string) => `${roleLabels.admin} (${note})`,
  changeName: 'Change your display name',
  displayName: 'Display name',
  saveName: 'Save name',
  loadingDetails: 'Loading your details…',
  defaultsTitle: 'Checkout and invoice details',
  defaultsHint:
    'Checkout starts from your phone and address (you can change them there). A company name and VAT number go on the invoices of orders you place afterwards.',
  defaultPhone: 'Default phone',
  defaultAddress: 'Default address',
  companyName: 'Company name (businesses)',
  vatNumber: 'VAT number (businesses)',
  saveDetails: 'Save details',
} as const;

/** The Users page (Make Admin, Remove User) and its list of removed users. */
export const usersPageMessages = {
  title: 'Users',
  loading: 'Loading users…',
  pages: 'Users pages',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  noName: '(no name)',
  makeAdmin: 'Make Admin',
  removeUser: 'Remove User',
  remove: 'Remove',
  /** The disabled Remove User button's tooltip on the admin's own row. */
  cannotRemoveSelf: 'You cannot remove your own account',
  loadingRemoved: 'Loading removed users…',
  removedBy: (by: string) => `removed by ${by}`,
  restore: 'Restore',
} as const;
