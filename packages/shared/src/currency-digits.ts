/**
 * Digits after the decimal point of each currency as Stripe charges it: its 'zero-decimal' and
 * 'three-decimal' currencies (https://docs.stripe.com/currencies#minor-units), two for the rest.
 * The one source of a currency's minor unit: what the store shows (money.ts) and what the
 * payments feature charges (apps/api/src/features/payments/minor-units.ts) are read from it, so
 * an amount is never shown with more or fewer digits than it is charged with (decision 056).
 * Where Intl's own default differs (ISK, HUF, IDR … show no decimals in Intl) Stripe's wins.
 */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

/** 0, 2 or 3, for a lower-case ISO 4217 code. */
export function currencyFractionDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/**
 * The currency's smallest amount in the hundredths the store keeps every amount in: 100 for a
 * currency without cents (a yen), 1 for the rest. A fils (a thousandth of a dinar) is finer than
 * a hundredth: a three-decimal store keeps whole hundredths, which Stripe charges exactly.
 */
export function minorUnitCents(currency: string): 1 | 100 {
  return currencyFractionDigits(currency) === 0 ? 100 : 1;
}
