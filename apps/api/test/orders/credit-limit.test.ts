import { apiMessages, validationMessages } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/** `PUT /api/user/credit-limit/:email` and the credit limits on `GET /api/user` (admins). */
const DEFAULT_CENTS = 2_500_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp({ maxUnpaidTotalCents: DEFAULT_CENTS });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

const put = (email: string, body: unknown, who = admin) =>
  ctx
    .http()
    .put(`/api/user/credit-limit/${encodeURIComponent(email)}`)
    .set(who.auth)
    .send(body as object);

const stored = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0]?.creditLimitCents;

async function listed(email: string) {
  const res = await ctx.http().get('/api/user?limit=100').set(admin.auth).expect(200);
  return res.body.find((u: { email: string }) => u.email === email);
}

describe('credit limits', () => {
  it('lists each user with the limit that applies: the default until an admin sets one', async () => {
    const customer = await accountWithToken(ctx);
    expect(await listed(customer.email)).toEqual({
      email: customer.email,
      name: customer.name,
      role: 'customer',
      creditLimit: 25_000,
      customCreditLimit: false,
      emailVerified: expect.any(Boolean),
    });

    const res = await put(customer.email, { creditLimit: 123_456.78 }).expect(200);
    expect(res.body).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      user: expect.objectContaining({ creditLimit: 123_456.78, customCreditLimit: true }),
    });
    expect(await stored(customer.email)).toBe(12_345_678);
    expect(await listed(customer.email)).toMatchObject({ creditLimit: 123_456.78, customCreditLimit: true });
    expect((await put(customer.email, { creditLimit: 123_456.78 }).expect(200)).body.modifiedCount).toBe(0);

    await put(customer.email, { creditLimit: null }).expect(200);
    expect(await stored(customer.email)).toBeNull();
    expect(await listed(customer.email)).toMatchObject({ creditLimit: 25_000, customCreditLimit: false });
  });

  it.each([
    [{}, validationMessages.creditLimitRequired],
    [{ creditLimit: '5000' }, validationMessages.creditLimitNumber],
    [{ creditLimit: -1 }, validationMessages.creditLimitNegative],
    [{ creditLimit: 10.005 }, validationMessages.creditLimitCents],
    [{ creditLimit: 100_000_000.01 }, validationMessages.creditLimitTooHigh],
  ])('refuses %j with 400 and the field’s message, changing nothing', async (body, message) => {
    const customer = await accountWithToken(ctx);
    const res = await put(customer.email, body).expect(400);
    expect(res.body).toEqual({ message: apiMessages.invalidInput, fields: { creditLimit: message } });
    expect(await stored(customer.email)).toBeNull();
  });

  it('answers 404 for an unknown user, and 400 for a malformed e-mail', async () => {
    const res = await put('nobody-here@example.com', { creditLimit: 10 }).expect(404);
    expect(res.body).toEqual({ message: apiMessages.userNotFound });
    await put('not-an-email', { creditLimit: 10 }).expect(400);
  });

  it('is for admins only', async () => {
    const customer = await accountWithToken(ctx);
    await put(customer.email, { creditLimit: 1 }, customer).expect(403);
    await ctx.http().put(`/api/user/credit-limit/${customer.email}`).send({ creditLimit: 1 }).expect(401);
    expect(await stored(customer.email)).toBeNull();
  });
});
