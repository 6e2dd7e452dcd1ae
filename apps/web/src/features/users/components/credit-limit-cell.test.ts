import { validationMessages as m, moneyPattern } from '@store/shared';
import { describe, expect, it } from 'vitest';
import { parseCreditLimit } from './credit-limit-cell';

describe('parseCreditLimit', () => {
  it.each([
    ['25000', 25_000],
    ['25,000.50', 25_000.5],
    ['$ 1,234.5', 1234.5],
    ['£1,234.50', 1234.5],
    ['0', 0],
    ['.5', 0.5],
  ])('reads %j as %d dollars', (text, creditLimit) => {
    expect(parseCreditLimit(text)).toEqual({ creditLimit });
  });

  it.each([
    ['', m.creditLimitRequired],
    ['   ', m.creditLimitRequired],
    ['ten', m.creditLimitNumber],
    ['1.2.3', m.creditLimitNumber],
    ['1e5', m.creditLimitNumber],
    ['-5', m.creditLimitNegative],
    ['10.005', m.creditLimitCents],
    ['100000000.01', m.creditLimitTooHigh],
  ])('refuses %j with the shared message', (text, error) => {
    expect(parseCreditLimit(text)).toEqual({ error });
  });
});

describe('parseCreditLimit in another currency and locale (decision 056)', () => {
  it('reads the amount as the store writes money: 1.234,50 € in de-DE', () => {
    const money = moneyPattern('eur', 'de-DE');
    expect(parseCreditLimit('1.234,50 €', money)).toEqual({ creditLimit: 1234.5 });
    expect(parseCreditLimit('25000', money)).toEqual({ creditLimit: 25_000 });
  });
});
