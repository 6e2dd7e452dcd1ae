import type { StoreContact } from '../store-settings.js';
import { apiMessages, contactUs } from './api-errors.js';

/** Login's one answer for an unknown e-mail and a wrong password: it never says which. */
const wrongCredentials = 'The e-mail or password is not correct.';

/** The identity provider's errors, in words a person understands (shown under the password). */
export const authErrorMessages: Record<string, string> = {
  'auth/invalid-credential': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/user-not-found': wrongCredentials,
  'auth/invalid-email': 'Please enter valid email',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Please log in instead.',
  'auth/weak-password': 'Password should be 6 character !!',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed':
    'The sign-in service cannot be reached. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before finishing.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before finishing.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Please allow pop-ups and try again.',
  'auth/account-exists-with-different-credential':
    'This e-mail already signs in another way. Please log in with your password.',
  // The store refuses the trial's Google stand-in to browsers on other machines.
  'auth/operation-not-allowed': apiMessages.googleStandInLocalOnly,
};
export const authFallbackError = 'Sign-in failed. Please try again.';
/** The identity provider's `auth/user-disabled`: with the store's contact (contactUs). */
export const accountDisabledMessage = (contact?: StoreContact) =>
  `This account has been disabled. Please ${contactUs(contact)}.`;

/** 'Forgot password?' on the login page: one answer whether or not the account exists. */
export const passwordResetMessages = {
  forgot: 'Forgot password?',
  sending: 'Sending the link…',
  sent: (email: string) =>
    `If ${email} has an account here, we sent it a link to choose a new password. Follow it, then log in with the new one.`,
} as const;

/** The login and register pages and the guards in front of signed-in pages. */
export const authPageMessages = {
  login: 'Login',
  register: 'Register',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  signingIn: 'Signing in…',
  creatingAccount: 'Creating your account…',
  newTo: (siteName: string) => `New to ${siteName}?`,
  createAccount: 'Create new account',
  haveAccount: 'Already have an account?',
  pleaseLogin: 'Please login',
  or: 'OR',
  // The spec's lower-case 'google'.
  continueWithGoogle: 'Continue with google',
  openingGoogle: 'Opening Google…',
  checkingAccess: 'Checking your access…',
} as const;
