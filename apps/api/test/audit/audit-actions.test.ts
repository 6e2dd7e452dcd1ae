import type { AuditEntry } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../../src/db/schema.js';
import { png } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { signUp, uniqueEmail, verifyEmail } from '../support/identities.js';
import { placeOrder } from '../support/orders.js';

/**
 * The entries the actions of orders, users, reviews, images and sign-in write, each in
 * the action's own transaction, with before and after; refused actions and customers' own
 * actions write none. Products: audit-parts.test.ts.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;

const ADMIN_EMAIL = uniqueEmail('boss');

beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1250, minOrderQuantity: 1, availableQuantity: 100 }))
    .returning();
  partId = part?.id as string;
});
afterAll(() => ctx.close());

const entries = async (query: Record<string, string>): Promise<AuditEntry[]> =>
  (await ctx.http().get('/api/audit').query(query).set(admin.auth).expect(200)).body;
const of = (targetType: string, targetId: string) => entries({ targetType, targetId });

/** An unpaid order of the customer's, as the desk finds it. */
const unpaidOrder = () =>
  placeOrder(client(ctx.http, customer.auth), partId, { productQuantity: 2, address: '1 Main Street' });
const move = (id: string, body: object) =>
  ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send(body);

describe('orders', () => {
  it('records each move with its status, carrier and tracking number, before and after', async () => {
    const order = await unpaidOrder();
    await move(order.id, { status: 'paid' }).expect(200);
    await move(order.id, { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0123' }).expect(200);
    const [shipped, paid, ...rest] = await of('order', order.id);
    expect(rest).toEqual([]);
    expect(paid).toMatchObject({
      actor: admin.email,
      action: 'order.move',
      target: { type: 'order', id: order.id },
      before: { status: 'unpaid' },
      after: { status: 'paid' },
    });
    expect(paid?.target.label).toMatch(/^PD-\d+$/);
    expect(shipped).toMatchObject({
      action: 'order.move',
      before: { status: 'paid', carrier: null, trackingNumber: null },
      after: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0123' },
    });
  });

  it('records an admin’s cancel, by the desk or by DELETE, and not a customer’s own', async () => {
    const byDesk = await unpaidOrder();
    await move(byDesk.id, { status: 'cancelled' }).expect(200);
    expect(await of('order', byDesk.id)).toMatchObject([
      { action: 'order.cancel', before: { status: 'unpaid' }, after: { status: 'cancelled' } },
    ]);
    const byDelete = await unpaidOrder();
    await ctx.http().delete(`/api/order/${byDelete.id}`).set(admin.auth).expect(200);
    expect((await of('order', byDelete.id)).map((e) => e.action)).toEqual(['order.cancel']);
    const own = await unpaidOrder();
    await ctx.http().delete(`/api/order/${own.id}`).set(customer.auth).expect(200);
    expect(await of('order', own.id)).toEqual([]);
  });

  it('a refused move (409) leaves no entry', async () => {
    const order = await unpaidOrder();
    await move(order.id, { status: 'shipped' }).expect(409);
    expect(await of('order', order.id)).toEqual([]);
  });
});

describe('users', () => {
  it('records a role change, a credit limit, a removal and a restore', async () => {
    const user = await accountWithToken(ctx, 'customer', 'Rita Role');
    const at = encodeURIComponent(user.email);
    await ctx.http().put(`/api/user/admin/${at}`).set(admin.auth).expect(200);
    await ctx.http().put(`/api/user/admin/${at}`).set(admin.auth).expect(200); // already: no entry
    await ctx
      .http()
      .put(`/api/user/credit-limit/${at}`)
      .set(admin.auth)
      .send({ creditLimit: 250.5 })
      .expect(200);
    await ctx.http().delete(`/api/user/${at}`).set(admin.auth).expect(200);
    await ctx.http().delete(`/api/users/blocked/${at}`).set(admin.auth).expect(200);
    const [restore, remove, limit, role, ...rest] = await of('user', user.email);
    expect(rest).toEqual([]);
    const target = { type: 'user', id: user.email, label: 'Rita Role' };
    expect(role).toMatchObject({
      action: 'user.role',
      target,
      before: { role: 'customer' },
      after: { role: 'admin' },
    });
    expect(limit).toMatchObject({
      action: 'user.credit-limit',
      before: { creditLimit: null },
      after: { creditLimit: 250.5 },
    });
    expect(remove).toMatchObject({
      action: 'user.remove',
      before: { name: 'Rita Role', role: 'admin' },
      after: null,
    });
    expect(restore).toMatchObject({ action: 'user.restore', actor: admin.email, target: { id: user.email } });
  });

  it('refused changes leave no entry: an unknown user, removing oneself', async () => {
    const nobody = uniqueEmail('nobody');
    await ctx.http().put(`/api/user/admin/${nobody}`).set(admin.auth).expect(404);
    await ctx
      .http()
      .put(`/api/user/credit-limit/${nobody}`)
      .set(admin.auth)
      .send({ creditLimit: 1 })
      .expect(404);
    await ctx.http().delete(`/api/users/blocked/${nobody}`).set(admin.auth).expect(404);
    await ctx
      .http()
      .delete(`/api/user/${encodeURIComponent(admin.email)}`)
      .set(admin.auth)
      .expect(409);
    expect(await of('user', nobody)).toEqual([]);
    expect(await of('user', admin.email)).toEqual([]);
  });
});

describe('reviews and images', () => {
  it('records a review’s removal with what it said', async () => {
    const [review] = await ctx.db
      .insert(reviews)
      .values({ name: 'Rude Reviewer', email: customer.email, message: 'Terrible!', ratings: 1 })
      .returning();
    const id = review?.id as string;
    await ctx.http().delete(`/api/review/${id}`).set(admin.auth).expect(200);
    expect(await of('review', id)).toMatchObject([
      {
        action: 'review.remove',
        target: { label: 'Rude Reviewer' },
        before: { name: 'Rude Reviewer', message: 'Terrible!', ratings: 1 },
        after: null,
      },
    ]);
    expect((await ctx.db.select().from(reviews).where(eq(reviews.id, id))).length).toBe(0);
  });

  it('records an upload by its URLs, never its bytes', async () => {
    const res = await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .attach('image', await png(), 'a.png')
      .expect(201);
    const url = res.body.data.url as string;
    const [entry] = await of('image', url);
    expect(entry).toMatchObject({
      action: 'image.upload',
      actor: admin.email,
      after: { url, thumb: res.body.data.thumb },
    });
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['size', 'thumb', 'url']);
    await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .attach('image', Buffer.from('not an image'), 'x.png')
      .expect(400);
    expect(await entries({ action: 'image.upload' })).toHaveLength(1);
  });
});

describe('sign-ins', () => {
  it('records an admin’s sign-in, and no customer’s', async () => {
    const signIn = (email: string, idToken: string) =>
      ctx
        .http()
        .put(`/api/user/${encodeURIComponent(email)}`)
        .set({ Authorization: `Bearer ${idToken}` })
        .send({});
    const boss = await signUp(ADMIN_EMAIL, 'Bea Boss');
    // Unverified: the role waits, so no admin signed in.
    await signIn(boss.email, boss.idToken).expect(200);
    expect(await of('user', boss.email)).toEqual([]);
    await signIn(boss.email, await verifyEmail(boss)).expect(200);
    expect(await of('user', boss.email)).toMatchObject([
      {
        action: 'admin.sign-in',
        actor: boss.email,
        target: { type: 'user', id: boss.email, label: 'Bea Boss' },
      },
    ]);
    const shopper = await signUp(uniqueEmail('shopper'));
    await signIn(shopper.email, await verifyEmail(shopper)).expect(200);
    expect(await of('user', shopper.email)).toEqual([]);
  });
});
