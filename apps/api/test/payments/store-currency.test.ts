import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiMessages,
  DEFAULT_STORE_CONTACT,
  DEFAULT_STORE_SETTINGS,
  moneyPattern,
  STORE_SETTINGS_ELEMENT_ID,
  type StoreSettings,
} from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { parts } from '../../src/db/schema.js';
import { orderEmails } from '../../src/mail/order-emails.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { placeOrder, sendOrder } from '../support/orders.js';
import { readPdf } from '../support/pdf-text.js';
import { taxedOrder } from '../support/taxed-order.js';

/**
 * CURRENCY is shown everywhere a price is (decision 056): with CURRENCY=eur and
 * LOCALE=de-DE the credit-limit message, the invoice and the e-mails write euros as Germans do,
 * and the web app is told the same pattern, in each page and at GET /api/settings.
 */
const NBSP = '\u00a0';
const env = { CURRENCY: 'eur', LOCALE: 'de-DE', TAX_RATE: '19' };
const config = loadConfig(env);
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let plain: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;
let webDir: string;

const settingsIn = (html: string): unknown => {
  const match = new RegExp(
    `<script type="application/json" id="${STORE_SETTINGS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] && JSON.parse(match[1]);
};

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  ctx = await createTestApp({
    currency: config.currency,
    money: config.money,
    tax: config.tax,
    maxUnpaidTotalCents: 100_000, // 1.000,00 €
    webDistDir: webDir,
  });
  plain = await createTestApp({ database: ctx.database, webDistDir: webDir });
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  const [part] = await ctx.db
    .insert(parts)
    .values(
      partRow({ name: 'Flange bolt', priceCents: 1250, minOrderQuantity: 1, availableQuantity: 10_000 }),
    )
    .returning();
  partId = part?.id as string;
});
afterAll(async () => {
  await plain.closeApp();
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** An order delivered in Berlin. */
const berlin = { phone: '+49 30 1234567', address: 'Hauptstraße 1, Berlin' };

describe('LOCALE', () => {
  it('is en-GB unless set, and makes the pattern with CURRENCY', () => {
    expect(loadConfig({}).money).toEqual(DEFAULT_STORE_SETTINGS.money);
    expect(config.money).toEqual(moneyPattern('eur', 'de-DE'));
    expect(config.money).toMatchObject({ symbol: '€', decimal: ',', group: '.', positive: ['', `${NBSP}€`] });
  });

  it.each(['xx-YY', 'en_GB', 'not a locale'])('refuses %s, naming LOCALE', (LOCALE) => {
    expect(() => loadConfig({ LOCALE })).toThrow(ConfigError);
    expect(() => loadConfig({ LOCALE })).toThrow(/LOCALE: expected a BCP 47 locale/);
  });
});

describe('GET /api/settings', () => {
  it('answers the currency, its pattern and the tax rule, for any cache to keep and revalidate', async () => {
    const res = await ctx.http().get('/api/settings').expect(200);
    const expected: StoreSettings = {
      currency: 'eur',
      locale: 'de-DE',
      money: moneyPattern('eur', 'de-DE'),
      tax: { rate: 19, pricesIncludeTax: false },
      contact: DEFAULT_STORE_CONTACT,
    };
    expect(res.body).toEqual(expected);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers the default the store ships with when nothing is set: pounds, en-GB, no tax', async () => {
    const res = await plain.http().get('/api/settings').expect(200);
    expect(res.body).toEqual(DEFAULT_STORE_SETTINGS);
    expect(res.body.money.positive).toEqual(['£', '']);
  });

  it('writes the same settings into the page the store serves: no round trip, no flash of £', async () => {
    const page = await ctx.http().get('/').expect(200);
    expect(settingsIn(page.text)).toEqual((await ctx.http().get('/api/settings')).body);
    expect(settingsIn((await plain.http().get('/').expect(200)).text)).toEqual(DEFAULT_STORE_SETTINGS);
  });
});

describe('money in euros, as de-DE writes them', () => {
  it('names the credit limit in euros', async () => {
    // 81 × 12,50 € = 1.012,50 €, with 19% tax 1.204,88 €: over the 1.000,00 € limit on its own.
    const res = await sendOrder(client(ctx.http, customer.auth), partId, {
      productQuantity: 81,
      ...berlin,
    }).expect(409);
    expect(res.body.message).toBe(apiMessages.orderAloneOverLimit(120_488, 100_000, config.money));
    expect(res.body.message).toContain(`1.204,88${NBSP}€`);
    expect(res.body.message).toContain(`1.000,00${NBSP}€`);
  });

  it('prints the invoice in euros', async () => {
    const api = client(ctx.http, customer.auth);
    const order = await placeOrder(api, partId, { productQuantity: 20, ...berlin });
    const res = await api.invoices.pdf({ params: { id: order.id } }).expect(200);
    const { text } = await readPdf(res.body as Buffer);
    expect(text).toContain('12,50');
    // 20 × 12,50 € = 250,00 € before tax; 19%: 47,50 €; 297,50 € in all.
    expect(text).toMatch(/Net \(before tax\)\s+250,00\s€/);
    expect(text).toMatch(/Tax \(19%\)\s+47,50\s€/);
    expect(text).toMatch(/Total\s+297,50\s€/);
    expect(text).not.toMatch(/[$£]/);
  });

  it('writes the e-mails in euros (the job worker is handed the same settings: server.ts)', () => {
    const { order, lines, event } = taxedOrder({
      productName: 'Flange bolt',
      unitPriceCents: 1250,
      productQuantity: 20,
      netCents: 25_000,
      taxCents: 4750,
      totalCents: 29_750,
      taxRateBasisPoints: 1900,
      phone: '+49 30 1234567',
      address: 'Hauptstraße 1, Berlin',
    });
    const emails = orderEmails({ event, order, lines }, true, {
      notify: ['desk@example.com'],
      seller: config.seller,
      paymentInstructions: config.paymentInstructions,
      unpaidOrderTtlMs: 0,
      money: config.money,
    });
    expect(emails.length).toBe(2);
    for (const email of emails) {
      expect(email.text).toMatch(/Net \(before tax\):\s+250,00\s€/);
      expect(email.text).toMatch(/Tax \(19%\):\s+47,50\s€/);
      expect(email.text).toMatch(/Total:\s+297,50\s€/);
      expect(email.text).not.toMatch(/[$£]/);
    }
  });
});
