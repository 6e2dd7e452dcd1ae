import { paymentMessages } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { confirmingInterval } from './api';
import { describeBy } from './order-moves';

describe('card payments on the order pages', () => {
  it('asks again while confirming after 1 s, doubling, never more than 15 s apart', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(confirmingInterval)).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
    // The first answer is the page's own, before any asking again.
    expect(confirmingInterval(0)).toBe(1_000);
  });

  it('names Stripe in the history for a payment it confirmed', () => {
    expect(describeBy({ by: 'stripe', status: 'paid' })).toBe(paymentMessages.stripeBy);
  });
});
