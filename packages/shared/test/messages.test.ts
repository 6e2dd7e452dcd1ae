import { describe, expect, it } from 'vitest';
import {
  authErrorMessages,
  confirmMessages,
  pageMessages,
  toastMessages,
  validationMessages,
} from '../src/index.js';

/** The spec's strings, copied here by hand so a typo in messages/ fails a test. */
describe('spec strings', () => {
  it('spells every validation message as spec §5 does', () => {
    expect(validationMessages).toMatchObject({
      emailRequired: 'Email is Required',
      emailInvalid: 'Please enter valid email',
      passwordRequired: 'Password is Required',
      passwordTooShort: 'Password should be 6 character !!',
      nameRequired: 'Name is Required',
      priceRequired: 'Price is Required',
      availableRequired: 'Available quantity is Required',
      minOrderRequired: 'Minimum Order quantity is Required',
      descriptionRequired: 'Product Description is Required',
      imageRequired: 'Image is Required',
    });
  });

  it('spells every toast as spec §8 does', () => {
    expect(toastMessages).toEqual({
      productAdded: 'Product added successfully',
      productAddFailed: 'Failed to add the product',
      reviewAdded: 'Successfully added Your review !!',
      orderCompleted: 'Your order successfully completed !!',
      makeAdminSucceeded: 'Make admin Successfully !!!',
      makeAdminFailed: 'Failed to Make an Admin !!!',
      unauthorized: 'You are a unathorized user !!!',
      // Beyond the spec: a 401 that ends the session says so.
      sessionEnded: 'Your session ended. Please sign in again.',
    });
  });

  it('spells the confirmations and page messages as the spec does', () => {
    expect(confirmMessages).toEqual({
      cancelOrder: 'Are you sure to Cancel this Order?',
      deleteProduct: 'Are you sure to delete this Product?',
    });
    expect(pageMessages.notFound).toBe('Your page is not Found');
    expect(pageMessages.chunkLoadFailed(7)).toBe('Loading chunk 7 failed');
  });
});

describe('login never tells whether an account exists', () => {
  it('answers an unknown e-mail exactly as a wrong password', () => {
    const wrongPassword = authErrorMessages['auth/wrong-password'];
    expect(wrongPassword).toBeTruthy();
    expect(authErrorMessages['auth/user-not-found']).toBe(wrongPassword);
    expect(authErrorMessages['auth/invalid-credential']).toBe(wrongPassword);
    expect(wrongPassword).not.toMatch(/no account|register/i);
  });
});
