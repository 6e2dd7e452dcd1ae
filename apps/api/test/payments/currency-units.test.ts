import { computeBill, minorUnitCents, validationMessages } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { orders } from '../../src/db/schema.js';
import type { StripeSettings } from '../../src/features/payments/index.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, openTestDatabase } from '../support/helpers.js';
import { sendCheckout } from '../support/orders.js';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.js';

/**
 * Every amount of a bill is rounded to the currency's smallest amount, so what an order says is
 * what a card can be charged: a yen has no cents, a Bahraini dinar has fils (finer than the
 * hundredths the store keeps), a pound has pence. A price finer than the currency is refused.
 */
const WEBHOOK_SECRET = 'whsec_currency_units_0123456789';
let standIn: StripeStandIn;
let stripe: StripeSettings;
beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  stripe = {
    secretKey: 'sk_test_store_0123456789',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
    publicUrl: 'https://shop.example',
  };
});
afterAll(() => standIn?.close());

const contact = { phone: '+44 20 7946 0958', address: '1 Test Street, Testtown' };
const part = (price: number, sku: string, bulkDiscount = false) => ({
  name: `Part ${sku}`,
  sku,
  img: '/media/parts/voltcore-helix-7-cpu.svg',
  price,
  availableQuantity: 10_000,
  minOrderQuantity: 1,
  description: 'A part.',
  bulkDiscount,
});

describe.each([
  // currency, tax on ¥/£ 1,234 at 10%, its total, a 5% discount's order of 501 × 1,233 (tax inside)
  { currency: 'jpy', tax: 123, total: 1357 },
  { currency: 'bhd', tax: 123.4, total: 1357.4 },
  { currency: 'gbp', tax: 123.4, total: 1357.4 },
])('a store in $currency with a 10% tax', ({ currency, tax, total }) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Awaited<ReturnType<typeof accountWithToken>>;
  let customer: Awaited<ReturnType<typeof accountWithToken>>;
  const config = loadConfig({ CURRENCY: currency, TAX_RATE: '10' });
  beforeAll(async () => {
    ctx = await createTestApp({
      database: await openTestDatabase(),
      currency: config.currency,
      money: config.money,
      tax: config.tax,
      stripe,
    });
    admin = await accountWithToken(ctx, 'admin');
    customer = await accountWithToken(ctx);
  });
  afterAll(() => ctx?.close());

  it('bills tax and total in what the currency has, and the card is charged exactly that', async () => {
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send(part(1234, `CU-${currency}`));
    expect(added.status).toBe(201);
    const placed = await sendCheckout(client(ctx.http, customer.auth), {
      ...contact,
      lines: [{ partId: added.body.insertedId, quantity: 1 }],
    }).expect(201);
    expect(placed.body.order).toMatchObject({ price: total });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.body.insertedId));
    expect(row?.taxCents).toBe(Math.round(tax * 100));
    expect(row?.totalCents).toBe(Math.round(total * 100));
    const paid = await ctx.http().post(`/api/order/${placed.body.insertedId}/pay`).set(customer.auth);
    expect(paid.status).toBe(200);
    const session = [...standIn.sessions.values()].find((s) => s.url === paid.body.url);
    const digits = { jpy: 0, bhd: 3, gbp: 2 }[currency] ?? 2;
    expect(session?.amount_total).toBe(Math.round(total * 10 ** digits));
  });

  it('rounds a discount and a tax inside prices to the currency too, as the cart and the placement alike', async () => {
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send(part(1233, `CU-D-${currency}`, true))
      .expect(201);
    const placed = await sendCheckout(client(ctx.http, customer.auth), {
      ...contact,
      lines: [{ partId: added.body.insertedId, quantity: 501 }],
    }).expect(201);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.body.insertedId));
    const bill = computeBill(123_300, 501, true, config.tax);
    expect(row?.discountCents).toBe(bill.discountCents);
    expect(row?.taxCents).toBe(bill.taxCents);
    expect(row?.totalCents).toBe(bill.totalCents);
    const unit = minorUnitCents(currency);
    for (const amount of [bill.discountCents, bill.taxCents, bill.totalCents]) expect(amount % unit).toBe(0);
    // 501 × ¥1,233 = ¥617,733; 5% of it is ¥30,886.65.
    if (currency === 'jpy') expect(bill.discountCents).toBe(3_088_700);
  });

  it(`${currency === 'jpy' ? 'refuses' : 'takes'} a price with hundredths, on Add Product, Update and the import`, async () => {
    const res = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send(part(1.5, `CU-F-${currency}`));
    if (currency !== 'jpy') {
      expect(res.status).toBe(201);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ price: validationMessages.priceWholeUnits });
    const whole = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send(part(2, `CU-W-${currency}`))
      .expect(201);
    const { sku: _sku, availableQuantity: _stock, ...update } = part(2.5, `CU-W-${currency}`);
    const edited = await ctx.http().put(`/api/part/${whole.body.insertedId}`).set(admin.auth).send(update);
    expect(edited.status).toBe(400);
    expect(edited.body.fields).toEqual({ price: validationMessages.priceWholeUnits });
    const header = 'sku,name,price,minOrderQuantity,availableQuantity,description,img';
    const imported = await ctx
      .http()
      .post('/api/products/import')
      .set(admin.auth)
      .send({
        text: `${header}\nCU-I-1,Imported,3.75,1,5,A part.,/media/parts/voltcore-helix-7-cpu.svg\n`,
        dryRun: true,
      })
      .expect(200);
    expect(imported.body.rows[0]).toMatchObject({ status: 'error' });
    expect(JSON.stringify(imported.body.rows[0])).toContain(validationMessages.priceWholeUnits);
  });
});
