import { minorUnitCents } from './currency-digits.js';
import { DEFAULT_MONEY_PATTERN, type MoneyPattern } from './money.js';
import { percentToBasisPoints, type TaxRule } from './tax.js';

/** How customers reach the store (STORE_EMAIL, STORE_PHONE): named wherever a text says 'contact us'. */
export interface StoreContact {
  email: string;
  phone: string;
}

/** What ships: MAIL_FROM's default domain, and a UK number from Ofcom's range kept for examples. */
export const DEFAULT_STORE_CONTACT: StoreContact = {
  email: 'orders@partsdepot.example',
  phone: '+44 114 496 0000',
};

/**
 * What the web app needs of the store's settings to show a price (decision 056): the currency,
 * how amounts are written, and the tax rule a visitor's bill preview applies (decision 053), and
 * the store's contact for the texts that say 'contact us'. The
 * store writes it into every page it serves and answers it at GET /api/settings. No zod here: the
 * web app reads it on first load (its schema is schemas/store-settings.ts).
 */
export interface StoreSettings {
  /** ISO 4217, lower case. */
  currency: string;
  /** BCP 47. */
  locale: string;
  money: MoneyPattern;
  tax: {
    /** Percent, as TAX_RATE: 20, 7.5. */
    rate: number;
    /** Listed prices include the tax (a shop), or not (a trade store). */
    pricesIncludeTax: boolean;
  };
  contact: StoreContact;
}

/** What ships (no CURRENCY, LOCALE or TAX_RATE set), and what the web app shows until it knows. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  currency: DEFAULT_MONEY_PATTERN.currency,
  locale: DEFAULT_MONEY_PATTERN.locale,
  money: DEFAULT_MONEY_PATTERN,
  tax: { rate: 0, pricesIncludeTax: false },
  contact: DEFAULT_STORE_CONTACT,
};

/** The id of the `<script type="application/json">` element that carries them in each page. */
export const STORE_SETTINGS_ELEMENT_ID = 'store-settings';

/** The settings' tax as the bill's rule (tax.ts): what the server's cart applies, line by line. */
export const taxRuleOf = (tax: StoreSettings['tax'], currency: string): TaxRule => ({
  rateBasisPoints: percentToBasisPoints(tax.rate),
  pricesIncludeTax: tax.pricesIncludeTax,
  minorUnitCents: minorUnitCents(currency),
});
