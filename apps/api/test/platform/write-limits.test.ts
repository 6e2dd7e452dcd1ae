import { randomBytes } from 'node:crypto';
import { apiMessages } from '@store/shared';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { orders, parts, users } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, openTestDatabase, partRow } from '../support/helpers.js';
import { checkout, sendCheckout, sendOrder } from '../support/orders.js';

/**
 * Each account's writes are limited (decision 024), across instances with Redis, so one free
 * account cannot post reviews by the thousand or rename itself in a loop.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const apps: TestApp[] = [];
async function store(options: Parameters<typeof createTestApp>[0]) {
  const app = await createTestApp(options);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const review = (app: TestApp, auth: Record<string, string>, message = 'Solid part.') =>
  request(app.store).post('/api/review').set(auth).send({ message, ratings: 4.5 });
const rename = (app: TestApp, auth: Record<string, string>, name: string) =>
  request(app.store).patch('/api/profile').set(auth).send({ name });

describe('reviews', () => {
  it('answers 429 once an account posted the minute’s reviews, and only to that account', async () => {
    const app = await store({ accountLimits: { reviewsPerMinute: 2 } });
    const flooder = await accountWithToken(app);
    await review(app, flooder.auth).expect(201);
    await review(app, flooder.auth).expect(201);
    const refused = await review(app, flooder.auth).expect(429);
    expect(refused.body).toEqual({ message: apiMessages.tooManyReviews });
    expect(refused.headers.ratelimit).toMatch(/reviews-minute/);
    const other = await accountWithToken(app);
    await review(app, other.auth).expect(201);
    expect((await app.http().get('/api/reviews').expect(200)).body).toHaveLength(3);
  }, 60_000);

  it('counts a review the server refused as invalid: every attempt counts', async () => {
    const app = await store({ accountLimits: { reviewsPerMinute: 2 } });
    const customer = await accountWithToken(app);
    await review(app, customer.auth, '').expect(400);
    await review(app, customer.auth).expect(201);
    await review(app, customer.auth).expect(429);
    expect((await app.http().get('/api/reviews').expect(200)).body).toHaveLength(1);
  }, 60_000);

  it('caps the day’s reviews too', async () => {
    const app = await store({ accountLimits: { reviewsPerMinute: 100, reviewsPerDay: 3 } });
    const customer = await accountWithToken(app);
    for (let i = 0; i < 3; i += 1) await review(app, customer.auth).expect(201);
    const refused = await review(app, customer.auth).expect(429);
    expect(refused.body).toEqual({ message: apiMessages.tooManyReviews });
    expect(refused.headers.ratelimit).toMatch(/reviews-day/);
  }, 60_000);
});

describe('profile changes', () => {
  it('answers 429 once an account changed its profile as often as allowed in the hour', async () => {
    const app = await store({ accountLimits: { profileChangesPerHour: 2 } });
    const customer = await accountWithToken(app);
    await rename(app, customer.auth, 'Ann One').expect(200);
    await rename(app, customer.auth, 'Ann Two').expect(200);
    const refused = await rename(app, customer.auth, 'Ann Three').expect(429);
    expect(refused.body).toEqual({ message: apiMessages.tooManyProfileChanges });
    const [row] = await app.db.select().from(users);
    expect(row?.name).toBe('Ann Two');
  }, 60_000);
});

describe('orders', () => {
  // A place-and-cancel loop stays under the open-order cap, and each step changes stock, so each
  // forgets every answer that shows parts (the review's finding after decision 024).
  it('answers 429 once an account placed and cancelled as often as allowed in the minute', async () => {
    const app = await store({ accountLimits: { orderChangesPerMinute: 3 } });
    const [part] = await app.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const partId = part?.id as string;
    const order = { address: '1 Main Street' };
    const http = () => request(app.store);
    const api = client(http, (await accountWithToken(app)).auth);
    const first = await sendOrder(api, partId, order).expect(201);
    await api.orders.cancel({ params: { id: first.body.insertedId } }).expect(200);
    await sendOrder(api, partId, order).expect(201);
    const refused = await sendOrder(api, partId, order).expect(429);
    expect(refused.body).toEqual({ message: apiMessages.tooManyOrderChanges });
    expect(refused.headers.ratelimit).toMatch(/orders-minute/);
    expect(await app.db.select().from(orders)).toHaveLength(2);
    await sendOrder(client(http, (await accountWithToken(app)).auth), partId, order).expect(201);
  }, 60_000);
});

describe('refused writes', () => {
  it('count as every other attempt: checkouts refused 422 meet 429 past the limit, and stop reaching the placement', async () => {
    const app = await store({ accountLimits: { orderChangesPerMinute: 10 } });
    const [part] = await app.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 50, availableQuantity: 100 }))
      .returning();
    const http = () => request(app.store);
    const api = client(http, (await accountWithToken(app)).auth);
    const below = () =>
      sendCheckout(api, { address: '1 Main Street', lines: [{ partId: part?.id, quantity: 1 }] });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await below()).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    // Invalid bodies count too, and another account is not held back.
    const other = client(http, (await accountWithToken(app)).auth);
    for (let i = 0; i < 10; i += 1) await other.orders.checkout.raw({ body: {} }).expect(400);
    await other.orders.checkout.raw({ body: {} }).expect(429);
    await checkout(client(http, (await accountWithToken(app)).auth), {
      address: '1 Main Street',
      lines: [{ partId: part?.id, quantity: 50 }],
    });
  }, 60_000);
});

describe('the cart', () => {
  // An import reads up to 500 rows: one account must not send them without end.
  it('answers 429 once an account changed its cart as often as allowed in the minute', async () => {
    const app = await store({ accountLimits: { cartChangesPerMinute: 2 } });
    const [part] = await app.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1 }))
      .returning();
    const customer = await accountWithToken(app);
    const set = (quantity: number) =>
      request(app.store).put(`/api/cart/${part?.id}`).set(customer.auth).send({ quantity });
    await set(1).expect(200);
    await request(app.store).post('/api/cart/import').set(customer.auth).send({ text: 'X-1,1' }).expect(200);
    const refused = await set(3).expect(429);
    expect(refused.body).toEqual({ message: apiMessages.tooManyCartChanges });
    expect(refused.headers.ratelimit).toMatch(/cart-minute/);
    // Reading the cart is never limited.
    const cart = await request(app.store).get('/api/cart').set(customer.auth).expect(200);
    expect(cart.body.lines[0]?.quantity).toBe(1);
  }, 60_000);
});

describe('across instances, through Redis', () => {
  const REDIS_URL = 'redis://127.0.0.1:6379';
  const redis = createClient({ url: REDIS_URL });
  afterAll(async () => {
    if (redis.isOpen) await redis.close();
  });

  it('counts one account’s reviews and renames on two instances toward one limit', async () => {
    const shared = { url: REDIS_URL, prefix: `test:limits:${randomBytes(6).toString('hex')}:`, ready: true };
    const database = await openTestDatabase();
    const limits = { reviewsPerMinute: 3, profileChangesPerHour: 2 };
    const a = await store({ database, redis: shared, accountLimits: limits });
    const b = await createTestApp({ database, redis: shared, accountLimits: limits });
    try {
      const customer = await accountWithToken(a);
      await review(a, customer.auth).expect(201);
      await review(b, customer.auth).expect(201);
      await review(a, customer.auth).expect(201);
      // B saw one review only: the other two were counted in Redis.
      await review(b, customer.auth).expect(429);
      await rename(b, customer.auth, 'Bo One').expect(200);
      await rename(a, customer.auth, 'Bo Two').expect(200);
      await rename(b, customer.auth, 'Bo Three').expect(429);

      if (!redis.isOpen) await redis.connect();
      const keys = await redis.keys(`${shared.prefix}*`);
      expect(keys.map((key) => key.slice(shared.prefix.length).replace(/:[^:]+$/, '')).sort()).toEqual([
        'account:profile-hour',
        'account:reviews-day',
        'account:reviews-minute',
      ]);
      // Counted by a digest of the account: no e-mail in Redis.
      expect(keys.join(' ')).not.toContain(customer.email);
      await redis.del(keys);
    } finally {
      await b.closeApp();
    }
  }, 60_000);
});
