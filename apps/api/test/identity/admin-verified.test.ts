import { apiMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { signInAgain, signUp, uniqueEmail, verifyEmail } from '../support/identities.js';
import { sendOrder } from '../support/orders.js';

/**
 * An unverified account made admin (Make Admin, or `npm run admin -- promote`) reads no
 * customer's details on the order desk: admin powers need a verified e-mail (docs/architecture.md,
 * 'Admin powers').
 * The role may be granted; its powers start once the e-mail is verified, as the identity
 * provider (the real Auth emulator here) tells the store at the next sign-in exchange.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let boss: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let orderId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  boss = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1 }))
    .returning();
  const placed = await sendOrder(client(ctx.http, customer.auth), part?.id as string).expect(201);
  orderId = placed.body.insertedId;
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function signIn(account: { email: string; idToken: string }) {
  return ctx
    .http()
    .put(`/api/user/${encodeURIComponent(account.email)}`)
    .set(auth(account.idToken))
    .send({});
}

/** Every admin route a powerless admin must be refused, each with a harmless request. */
const adminCalls: [
  string,
  (token: string, email: string) => Promise<{ status: number; body: { message?: string } }>,
][] = [
  [
    'the order desk',
    (t, email) =>
      ctx
        .http()
        .get(`/api/orders/${encodeURIComponent(email)}`)
        .set(auth(t)),
  ],
  ['the orders CSV', (t) => ctx.http().get('/api/orders.csv').set(auth(t))],
  ['the users list', (t) => ctx.http().get('/api/user').set(auth(t))],
  ['the block list', (t) => ctx.http().get('/api/users/blocked').set(auth(t))],
  ['the outbox', (t) => ctx.http().get('/api/outbox').set(auth(t))],
  ['adding a part', (t) => ctx.http().post('/api/addproduct').set(auth(t)).send({})],
  [
    'making an admin',
    (t) =>
      ctx
        .http()
        .put(`/api/user/admin/${encodeURIComponent(customer.email)}`)
        .set(auth(t)),
  ],
  [
    'moving an order',
    (t) => ctx.http().patch(`/api/order/${orderId}/status`).set(auth(t)).send({ status: 'paid' }),
  ],
];

describe('an admin role without a verified e-mail', () => {
  let account: { email: string; uid: string; idToken: string };
  let token: string;

  beforeAll(async () => {
    account = await signUp(uniqueEmail('unverified-admin'), 'Una Verified');
    await signIn(account).expect(200);
    // Make Admin: one click on the Users page by a real admin.
    await ctx
      .http()
      .put(`/api/user/admin/${encodeURIComponent(account.email)}`)
      .set(boss.auth)
      .expect(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    // The role change ended the earlier token; a fresh sign-in gets the admin role.
    const again = await signIn({ email: account.email, idToken: await signInAgain(account.email) }).expect(
      200,
    );
    expect(again.body.result.user.role).toBe('admin');
    token = again.body.token;
  });

  it('is stored, and the Users page sees it waiting for the e-mail', async () => {
    const list = await ctx.http().get('/api/user?limit=100').set(boss.auth).expect(200);
    const row = list.body.find((user: { email: string }) => user.email === account.email);
    expect(row).toEqual({
      email: account.email,
      name: 'Una Verified',
      role: 'admin',
      emailVerified: false,
      creditLimit: expect.any(Number),
      customCreditLimit: false,
    });
  });

  it('answers admin: false, to them and to an admin; their profile shows the waiting role', async () => {
    await ctx.http().get(`/api/admin/${account.email}`).set(auth(token)).expect(200, { admin: false });
    await ctx.http().get(`/api/admin/${account.email}`).set(boss.auth).expect(200, { admin: false });
    const profile = await ctx.http().get('/api/profile').set(auth(token)).expect(200);
    expect(profile.body).toMatchObject({ role: 'admin', emailVerified: false });
  });

  it.each(adminCalls)('is refused %s with 403 and says why', async (_label, call) => {
    const res = await call(token, account.email);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: apiMessages.adminNeedsVerifiedEmail });
  });

  it('cannot read another customer’s order or invoice', async () => {
    await ctx.http().get(`/api/order/${orderId}`).set(auth(token)).expect(404);
    await ctx.http().get(`/api/order/${orderId}/invoice.pdf`).set(auth(token)).expect(404);
    await ctx.http().get(`/api/admin/${customer.email}`).set(auth(token)).expect(403);
  });

  it('gets admin powers once the e-mail is verified through the emulator and they sign in again', async () => {
    const verifiedIdToken = await verifyEmail(account);
    const res = await signIn({ email: account.email, idToken: verifiedIdToken }).expect(200);
    const fresh = res.body.token as string;
    await ctx.http().get(`/api/admin/${account.email}`).set(auth(fresh)).expect(200, { admin: true });
    for (const [label, call] of adminCalls.slice(0, 5)) {
      const answer = await call(fresh, account.email);
      expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(200);
    }
    await ctx.http().get(`/api/order/${orderId}`).set(auth(fresh)).expect(200);
    const list = await ctx.http().get('/api/user?limit=100').set(auth(fresh)).expect(200);
    expect(list.body.find((user: { email: string }) => user.email === account.email)?.emailVerified).toBe(
      true,
    );
  });
});
