import { describe, expect, it } from 'vitest';
import { creditLimitInputSchema, formatCents } from '../src/index.js';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2_500_000, '$25,000.00'],
    [123_456_789, '$1,234,567.89'],
    [-350, '-$3.50'],
  ])('writes %d cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('creditLimitInputSchema', () => {
  it('takes dollars with at most 2 decimals, 0 to 100,000,000, or null for the default', () => {
    for (const creditLimit of [0, 0.01, 25_000, 100_000_000, null]) {
      expect(creditLimitInputSchema.safeParse({ creditLimit }).success, String(creditLimit)).toBe(true);
    }
    for (const creditLimit of [-0.01, 0.001, 100_000_000.01, '10', undefined, Number.NaN]) {
      expect(creditLimitInputSchema.safeParse({ creditLimit }).success, String(creditLimit)).toBe(false);
    }
  });
});
