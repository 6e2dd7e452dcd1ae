/*
 * Money as the store writes it (decision 056). The store derives a `MoneyPattern` once, on the
 * server, from Intl for its CURRENCY and LOCALE (money-pattern.ts), and every place a price is
 * shown formats with it: the API's messages, e-mails and invoices, and the web app, which gets the
 * pattern with the page (or GET /api/settings). The formatting itself is by hand: no Intl start-up
 * cost in the browser (~20 ms of ICU data on the first formatter, which the first load's
 * blocking-time budget cannot spare), and the same text on the server and in every browser
 * whatever its ICU version.
 */

/** How one currency is written in one locale: plain JSON, so the web app can be handed it. */
export interface MoneyPattern {
  /** ISO 4217, lower case, as CURRENCY ('gbp'). */
  currency: string;
  /** BCP 47, as LOCALE ('en-GB'). */
  locale: string;
  /** The narrow symbol ('£', '€', 'CHF'). */
  symbol: string;
  /** Digits after the decimal point: the currency's minor unit (currency-digits.ts). */
  fractionDigits: number;
  decimal: string;
  /** Between groups of digits ('' when the locale does not group). */
  group: string;
  /** The integer part's last group and each group before it: [3, 3]; en-IN [3, 2]. */
  groupSizes: [number, number];
  /** Digits before the last group for any grouping at all: 1; es-ES 2 (1234 but 12.345). */
  minimumGroupingDigits: number;
  /** What is written before and after the number, symbol, spaces and sign included. */
  positive: [string, string];
  negative: [string, string];
  /** The locale's digits 0 to 9 when they are not ASCII's; '' when they are. */
  digits: string;
}

/** What ships: CURRENCY gbp, LOCALE en-GB ('£1,234.50'). Checked against Intl by the tests. */
export const DEFAULT_MONEY_PATTERN: MoneyPattern = {
  currency: 'gbp',
  locale: 'en-GB',
  symbol: '£',
  fractionDigits: 2,
  decimal: '.',
  group: ',',
  groupSizes: [3, 3],
  minimumGroupingDigits: 1,
  positive: ['£', ''],
  negative: ['-£', ''],
  digits: '',
};

function group(whole: string, pattern: MoneyPattern): string {
  const [last, each] = pattern.groupSizes;
  if (!pattern.group || whole.length < last + pattern.minimumGroupingDigits) return whole;
  const groups = [whole.slice(-last)];
  let rest = whole.slice(0, -last);
  while (rest.length > each) {
    groups.unshift(rest.slice(-each));
    rest = rest.slice(0, -each);
  }
  if (rest) groups.unshift(rest);
  return groups.join(pattern.group);
}

/**
 * An amount in the currency's minor units (pence, yen, fils: `pattern.fractionDigits`) as the
 * locale writes it: '£1,234.50', '-1.234,50 €', '￥1,235'. Any negative keeps its sign, -0 too, as Intl.
 */
export function formatMoney(minor: number, pattern: MoneyPattern): string {
  const negative = minor < 0 || Object.is(minor, -0);
  const digits = pattern.fractionDigits;
  const text = String(Math.abs(Math.round(minor))).padStart(digits + 1, '0');
  const whole = group(text.slice(0, text.length - digits), pattern);
  let number = digits > 0 ? `${whole}${pattern.decimal}${text.slice(-digits)}` : whole;
  if (pattern.digits) number = number.replace(/[0-9]/g, (d) => pattern.digits[Number(d)] ?? d);
  const [before, after] = negative ? pattern.negative : pattern.positive;
  return `${before}${number}${after}`;
}

/**
 * Hundredths (the store keeps every price in them: `price_cents`) as the currency's minor units:
 * yen round half away from zero, as Intl shows them (such an amount is never charged:
 * payments/minor-units.ts); fils are tens of hundredths.
 */
export function centsToMinor(cents: number, fractionDigits: number): number {
  if (fractionDigits >= 2) return cents * 10 ** (fractionDigits - 2);
  const scale = 10 ** (2 - fractionDigits);
  const abs = Math.abs(cents);
  const rounded = Math.floor(abs / scale) + (abs % scale >= scale / 2 ? 1 : 0);
  return cents < 0 ? -rounded : rounded;
}

/** Integer hundredths as the store shows them: '£25,000.00' by default. */
export const formatCents = (cents: number, pattern: MoneyPattern = DEFAULT_MONEY_PATTERN): string =>
  formatMoney(centsToMinor(cents, pattern.fractionDigits), pattern);

/**
 * A decimal amount in currency units, as the API's JSON carries prices (389.99), as the store
 * shows it. Rounded to the minor unit half away from zero on the number's shortest decimal form,
 * as Intl rounds (1.005 is '£1.01', though the double is a hair below 1.005).
 */
export function formatAmount(amount: number, pattern: MoneyPattern = DEFAULT_MONEY_PATTERN): string {
  const digits = pattern.fractionDigits;
  const text = String(Math.abs(amount));
  let minor: number;
  if (text.includes('e')) {
    // Far beyond any price (or far below a minor unit): the double's own rounding will do.
    minor = Number(Math.abs(amount).toFixed(digits).replace('.', ''));
  } else {
    const [whole = '0', fraction = ''] = text.split('.');
    const kept = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0'));
    minor = Number((fraction[digits] ?? '0') >= '5' ? kept + 1n : kept);
  }
  const negative = amount < 0 || Object.is(amount, -0);
  return formatMoney(negative ? -minor : minor, pattern);
}
