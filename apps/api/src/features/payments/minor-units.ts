import { currencyFractionDigits } from '@store/shared';

/*
 * The store keeps every price in hundredths of its currency (`price_cents`); Stripe takes the
 * currency's minor units, whose digits come from one table (packages/shared currency-digits.ts),
 * the one the store's money format is made with too (decision 056).
 */

/**
 * The store's hundredths as Stripe's minor units of `currency`, exactly, or undefined when they
 * cannot be (a zero-decimal currency and an amount with hundredths): never rounded, so what is
 * charged is what the order says.
 */
export function toMinorUnits(cents: number, currency: string): number | undefined {
  if (!Number.isSafeInteger(cents)) return undefined;
  const digits = currencyFractionDigits(currency);
  if (digits === 0) return cents % 100 === 0 ? cents / 100 : undefined;
  // Stripe takes three-decimal amounts in whole hundredths only (the last digit 0).
  if (digits === 3) return cents * 10;
  return cents;
}

/** Stripe's minor units back to the currency's units (what the API shows, a decimal number). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyFractionDigits(currency);
}
