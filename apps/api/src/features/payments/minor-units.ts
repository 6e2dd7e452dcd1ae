/**
 * Stripe's minor units per currency unit, where they are not 100 (its 'zero-decimal' and
 * 'three-decimal' currencies: https://docs.stripe.com/currencies#minor-units). The store keeps
 * every price in hundredths of its currency (`price_cents`).
 */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

/**
 * The store's hundredths as Stripe's minor units of `currency`, exactly, or undefined when they
 * cannot be (a zero-decimal currency and an amount with hundredths): never rounded, so what is
 * charged is what the order says.
 */
export function toMinorUnits(cents: number, currency: string): number | undefined {
  if (!Number.isSafeInteger(cents)) return undefined;
  if (ZERO_DECIMAL.has(currency)) return cents % 100 === 0 ? cents / 100 : undefined;
  if (THREE_DECIMAL.has(currency)) {
    // Stripe takes three-decimal amounts in whole hundredths only (the last digit 0).
    return cents * 10;
  }
  return cents;
}

/** Stripe's minor units back to the currency's units (what the API shows, a decimal number). */
export function fromMinorUnits(minor: number, currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return minor;
  if (THREE_DECIMAL.has(currency)) return minor / 1000;
  return minor / 100;
}
