import { apiMessages, DEFAULT_MONEY_PATTERN, DEFAULT_STORE_CONTACT, type StoreContact } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { cartLines, orders, parts, users } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendCheckout, sendOrder } from '../support/orders.js';

/**
 * The credit limit's refusal says what applies to the customer: an order above the limit on its
 * own (a first order above all) is told so, with how to make it fit; unpaid orders with this one
 * above it are told to pay for or cancel one. Both name the store's contact (STORE_EMAIL,
 * STORE_PHONE), and the profile tells the cart the limit and what is unpaid before checking out.
 */
type Account = Awaited<ReturnType<typeof accountWithToken>>;
const LIMIT_CENTS = 2_500_000; // £25,000.00
const contact: StoreContact = { email: 'sales@harbour-parts.example', phone: '+44 20 7946 0123' };
const alone = (orderCents: number, limitCents = LIMIT_CENTS) =>
  apiMessages.orderAloneOverLimit(orderCents, limitCents, DEFAULT_MONEY_PATTERN, contact);
const withUnpaid = (totalCents: number) =>
  apiMessages.unpaidTotalTooHigh(totalCents, LIMIT_CENTS, DEFAULT_MONEY_PATTERN, contact);

let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** £1,892.51 a unit: 60 units are £113,550.60. */
let server: string;
/** £100.00 a unit. */
let cable: string;

beforeAll(async () => {
  ctx = await createTestApp({ maxUnpaidTotalCents: LIMIT_CENTS, contact });
  const [a, b] = await ctx.db
    .insert(parts)
    .values([
      partRow({ priceCents: 189_251, minOrderQuantity: 1, availableQuantity: 1000 }),
      partRow({ priceCents: 10_000, minOrderQuantity: 1, availableQuantity: 10_000 }),
    ])
    .returning();
  server = a?.id as string;
  cable = b?.id as string;
});
afterAll(() => ctx.close());

const delivery = { phone: '+44 20 7946 0018', address: '4 Dock Road, Portsmouth PO1 3AX' };

const toCart = (who: Account, partId: string, quantity: number) =>
  ctx.http().put(`/api/cart/${partId}`).set(who.auth).send({ quantity }).expect(200);
const checkout = (who: Account) => sendCheckout(client(ctx.http, who.auth), delivery);
const order = (who: Account, partId: string, productQuantity: number) =>
  sendOrder(client(ctx.http, who.auth), partId, { productQuantity, ...delivery });
const profile = (who: Account) => ctx.http().get('/api/profile').set(who.auth).expect(200);
const ordersOf = (who: Account) => ctx.db.select().from(orders).where(eq(orders.email, who.email));

describe('the credit limit’s refusal at checkout', () => {
  it('tells a new customer that this order alone is above the limit, naming both figures and the store', async () => {
    const who = await accountWithToken(ctx);
    await toCart(who, server, 60);
    const res = await checkout(who).expect(409);
    expect(res.body).toEqual({ message: alone(11_355_060) });
    expect(res.body.message).toContain('This order alone comes to £113,550.60');
    expect(res.body.message).toContain('above your credit limit of £25,000.00');
    expect(res.body.message).toContain(`contact us at ${contact.email} or ${contact.phone}`);
    expect(res.body.message).not.toMatch(/unpaid orders|pay for or cancel/);
    // Nothing was placed and the cart stays to be made smaller.
    expect(await ordersOf(who)).toEqual([]);
    expect(await ctx.db.select().from(cartLines).where(eq(cartLines.email, who.email))).toHaveLength(1);
  });

  it('tells a customer whose unpaid orders with this one go above it to pay for or cancel one', async () => {
    const who = await accountWithToken(ctx);
    await order(who, cable, 200).expect(201); // £20,000.00 unpaid
    await toCart(who, cable, 100); // £10,000.00: within the limit on its own
    const res = await checkout(who).expect(409);
    expect(res.body).toEqual({ message: withUnpaid(3_000_000) });
    expect(res.body.message).toContain('bring your unpaid orders to £30,000.00');
    expect(res.body.message).toContain('Please pay for or cancel an order first');
    expect(res.body.message).toContain(contact.email);
    expect(await ordersOf(who)).toHaveLength(1);
  });

  it('says “this order alone” when the order is above the limit whatever the customer pays', async () => {
    const who = await accountWithToken(ctx);
    await order(who, cable, 200).expect(201);
    await toCart(who, cable, 300); // £30,000.00 on its own
    expect((await checkout(who).expect(409)).body).toEqual({ message: alone(3_000_000) });
  });

  it('words the single-part order the same way', async () => {
    const who = await accountWithToken(ctx);
    expect((await order(who, server, 60).expect(409)).body).toEqual({ message: alone(11_355_060) });
    await order(who, cable, 200).expect(201);
    expect((await order(who, cable, 60).expect(409)).body).toEqual({ message: withUnpaid(2_600_000) });
  });

  it('judges by the customer’s own limit when an admin set one', async () => {
    const who = await accountWithToken(ctx);
    await ctx.db.update(users).set({ creditLimitCents: 0 }).where(eq(users.email, who.email));
    expect((await order(who, cable, 1).expect(409)).body).toEqual({ message: alone(10_000, 0) });
  });
});

describe('the credit line on GET /api/profile', () => {
  it('gives the limit that applies and what the unpaid orders total now, in pounds', async () => {
    const who = await accountWithToken(ctx);
    expect((await profile(who)).body.credit).toEqual({ limit: 25_000, unpaid: 0 });
    const placed = await order(who, cable, 125).expect(201);
    expect((await profile(who)).body.credit).toEqual({ limit: 25_000, unpaid: 12_500 });
    // Paid orders are no longer held against the limit.
    await ctx.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, placed.body.insertedId));
    await ctx.db.update(users).set({ creditLimitCents: 100_050 }).where(eq(users.email, who.email));
    expect((await profile(who)).body.credit).toEqual({ limit: 1000.5, unpaid: 0 });
  });
});

describe('the store’s contact', () => {
  it('is sent to the web app with the other settings', async () => {
    const res = await ctx.http().get('/api/settings').expect(200);
    expect(res.body.contact).toEqual(contact);
  });

  it('names the store’s contact when a removed account is refused', () => {
    expect(apiMessages.accountRemoved(contact)).toContain(
      `contact us at ${contact.email} or ${contact.phone}`,
    );
  });

  it('comes from STORE_EMAIL and STORE_PHONE, with defaults the store ships with', () => {
    expect(loadConfig({}).contact).toEqual(DEFAULT_STORE_CONTACT);
    expect(DEFAULT_STORE_CONTACT.email).toBe('orders@partsdepot.example');
    expect(loadConfig({ STORE_EMAIL: ' Sales@Shop.example ', STORE_PHONE: '0114 496 0999' }).contact).toEqual(
      {
        email: 'sales@shop.example',
        phone: '0114 496 0999',
      },
    );
    expect(() => loadConfig({ STORE_EMAIL: 'not an address' })).toThrow(/STORE_EMAIL/);
    expect(() => loadConfig({ STORE_PHONE: 'call us' })).toThrow(/STORE_PHONE/);
  });
});
