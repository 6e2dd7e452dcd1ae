import { apiMessages } from '@store/shared';
import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { createTestApp, TEST_JWT_SECRET } from '../support/helpers.js';
import {
  forgedIdToken,
  signInAgain,
  signInWithGoogle,
  signUp,
  tamperedIdToken,
  uniqueEmail,
  verifyEmail,
} from '../support/identities.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const bootstrapAdmin = uniqueEmail('boss');

beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: [bootstrapAdmin] });
});
afterAll(() => ctx.close());

/** Signs an emulator account in through the API and returns our token. */
function signIn(account: { email: string; idToken: string }, body: object = {}) {
  return ctx
    .http()
    .put(`/api/user/${encodeURIComponent(account.email)}`)
    .set('Authorization', `Bearer ${account.idToken}`)
    .send(body);
}

async function customer(name = 'Casey Customer') {
  const account = await signUp(uniqueEmail('customer'), name);
  const res = await signIn(account).expect(200);
  return { ...account, token: res.body.token as string };
}

async function admin() {
  const account = await signUp(uniqueEmail('admin'), 'Ada Admin');
  const { token } = (await signIn(account).expect(200)).body;
  // Admin powers: the role and a verified e-mail (docs/architecture.md, 'Admin powers').
  await ctx.db
    .update(users)
    .set({ role: 'admin', emailVerified: true })
    .where(eq(users.email, account.email));
  return { ...account, token: token as string };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('PUT /api/user/:email (sign-in exchange)', () => {
  it('creates the user from a matching Firebase token and returns our token', async () => {
    const account = await signUp(uniqueEmail('new'), 'Nina New');
    const res = await signIn(account).expect(200);
    expect(res.body.result).toEqual({
      acknowledged: true,
      created: true,
      user: { email: account.email, name: 'Nina New', role: 'customer' },
    });
    const payload = jwt.verify(res.body.token, TEST_JWT_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(payload.sub).toBe(account.email);
    // An hour, refreshed while the sign-in is under a day old (decision 028).
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60 * 60);
    expect(payload).not.toHaveProperty('role');

    const again = await signIn(account).expect(200);
    expect(again.body.result.created).toBe(false);
  });

  it('takes the name chosen at registration from the body, never the role', async () => {
    const account = await signUp(uniqueEmail('named'));
    const res = await signIn(account, { name: 'Rita Registered', role: 'admin' }).expect(200);
    expect(res.body.result.user).toMatchObject({ name: 'Rita Registered', role: 'customer' });
  });

  it('matches the e-mail case-insensitively', async () => {
    const account = await signUp(uniqueEmail('case'));
    const res = await ctx
      .http()
      .put(`/api/user/${account.email.toUpperCase()}`)
      .set(auth(account.idToken))
      .expect(200);
    expect(res.body.result.user.email).toBe(account.email);
  });

  it('refuses a token issued for another e-mail with 403 and creates nothing', async () => {
    const account = await signUp();
    const victim = uniqueEmail('victim');
    const res = await ctx.http().put(`/api/user/${victim}`).set(auth(account.idToken)).expect(403);
    expect(res.body).toEqual({ message: apiMessages.identityMismatch });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, victim));
    expect(row).toBeUndefined();
  });

  it('refuses a missing token with 401', async () => {
    const res = await ctx.http().put(`/api/user/${uniqueEmail()}`).expect(401);
    expect(res.body).toEqual({ message: apiMessages.signInRequired });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a forged emulator-style token', forgedIdToken('mallory@example.com')],
    ['our own API token', jwt.sign({ sub: 'mallory@example.com' }, TEST_JWT_SECRET)],
  ])('refuses %s with 401', async (_label, token) => {
    const res = await ctx.http().put('/api/user/mallory@example.com').set(auth(token)).expect(401);
    expect(res.body).toEqual({ message: apiMessages.identityInvalid });
  });

  it('answers a malformed e-mail in the path with 400', async () => {
    const account = await signUp();
    await ctx.http().put('/api/user/not-an-email').set(auth(account.idToken)).expect(400);
  });

  it('accepts Google sign-in through the emulator credential', async () => {
    const google = await signInWithGoogle(uniqueEmail('google'), 'Grace Google');
    expect(google.providerId).toBe('google.com');
    const res = await signIn(google).expect(200);
    expect(res.body.result.user).toEqual({ email: google.email, name: 'Grace Google', role: 'customer' });
    // The token works for authenticated calls.
    await ctx
      .http()
      .get(`/api/admin/${google.email}`)
      .set(auth(res.body.token))
      .expect(200, { admin: false });
  });

  it('makes ADMIN_EMAILS users admins only once their e-mail is verified', async () => {
    const account = await signUp(bootstrapAdmin, 'Bootstrap Boss');
    const before = await signIn(account).expect(200);
    expect(before.body.result.user.role).toBe('customer');
    await ctx.http().get('/api/user').set(auth(before.body.token)).expect(403);

    const verifiedToken = await verifyEmail(account);
    const after = await signIn({ email: account.email, idToken: verifiedToken }).expect(200);
    expect(after.body.result.user.role).toBe('admin');
    await ctx.http().get('/api/user').set(auth(after.body.token)).expect(200);
    // The promotion is a role change: the customer-era token ends.
    await ctx.http().get(`/api/admin/${account.email}`).set(auth(before.body.token)).expect(401);
  });

  it('accepts a token taken before the e-mail was verified (stale, not forged)', async () => {
    const account = await signUp(uniqueEmail('stale'));
    await verifyEmail(account);
    await signIn(account).expect(200);
  });

  it('refuses a genuine emulator token edited to name an admin’s e-mail (401)', async () => {
    const account = await signUp(uniqueEmail('mallory'), 'Mallory');
    const forged = tamperedIdToken(account.idToken, { email: bootstrapAdmin, email_verified: true });
    const res = await ctx.http().put(`/api/user/${bootstrapAdmin}`).set(auth(forged)).expect(401);
    expect(res.body).toEqual({ message: apiMessages.identityInvalid });
  });

  it('refuses a genuine emulator token edited to claim a verification its account lacks', async () => {
    const account = await signUp(uniqueEmail('unverified'));
    const forged = tamperedIdToken(account.idToken, { email_verified: true });
    await signIn({ email: account.email, idToken: forged }).expect(401);
  });

  it('takes the name from the account record, not from the token', async () => {
    const account = await signUp(uniqueEmail('recorded'), 'Rhea Recorded');
    const res = await signIn({ ...account, idToken: tamperedIdToken(account.idToken, { name: 'Fake' }) });
    expect(res.status).toBe(200);
    expect(res.body.result.user.name).toBe('Rhea Recorded');
  });
});

describe('the store keeps its own name', () => {
  it('fills the name of a row made ahead of the first sign-in (the admin command)', async () => {
    const email = uniqueEmail('ahead');
    await ctx.db.insert(users).values({ email, name: '', role: 'admin' });
    const res = await signIn(await signUp(email, 'Fiona Filled')).expect(200);
    expect(res.body.result.user).toEqual({ email, name: 'Fiona Filled', role: 'admin' });
  });

  it('keeps a name set in My Profile when the person signs in again', async () => {
    const user = await customer('Provider Name');
    await ctx.http().patch('/api/profile').set(auth(user.token)).send({ name: 'Store Name' }).expect(200);
    const again = await signIn({ email: user.email, idToken: await signInAgain(user.email) }).expect(200);
    expect(again.body.result.user.name).toBe('Store Name');
    // A name in the body (registration's) does not overwrite it either.
    const withBody = await signIn(user, { name: 'Body Name' }).expect(200);
    expect(withBody.body.result.user.name).toBe('Store Name');
  });
});

describe('our API token', () => {
  it.each([
    [
      'a wrong signature',
      (email: string) => jwt.sign({}, 'another-secret-another-secret-xx', { subject: email }),
    ],
    [
      'an expired token',
      (email: string) => jwt.sign({}, TEST_JWT_SECRET, { subject: email, expiresIn: -10 }),
    ],
    ['alg none', (email: string) => jwt.sign({}, '', { subject: email, algorithm: 'none' })],
    [
      'a token for a user who does not exist',
      () => jwt.sign({}, TEST_JWT_SECRET, { subject: 'ghost@example.com' }),
    ],
  ])('is refused with 401 when it has %s', async (_label, make) => {
    const user = await customer();
    const res = await ctx
      .http()
      .get(`/api/admin/${user.email}`)
      .set(auth(make(user.email)))
      .expect(401);
    expect(res.body).toEqual({ message: apiMessages.sessionInvalid });
  });

  it('is refused once the user is removed', async () => {
    const boss = await admin();
    const user = await customer();
    await ctx.http().delete(`/api/user/${user.email}`).set(auth(boss.token)).expect(200);
    await ctx.http().get(`/api/admin/${user.email}`).set(auth(user.token)).expect(401);
  });

  it('is refused after a role change, and a fresh sign-in works', async () => {
    const boss = await admin();
    const user = await customer();
    // Verified, so the admin role brings admin powers (admin-verified.test.ts).
    await verifyEmail(user);
    await ctx.http().put(`/api/user/admin/${user.email}`).set(auth(boss.token)).expect(200);
    const res = await ctx.http().get(`/api/admin/${user.email}`).set(auth(user.token)).expect(401);
    expect(res.body).toEqual({ message: apiMessages.sessionInvalid });
    const fresh = (await signIn(user).expect(200)).body.token as string;
    await ctx.http().get(`/api/admin/${user.email}`).set(auth(fresh)).expect(200, { admin: true });
  });

  it('is refused when issued before the version it names', async () => {
    const user = await customer();
    const payload = jwt.decode(user.token) as jwt.JwtPayload;
    const resigned = (changes: object) =>
      jwt.sign({ ...payload, ...changes }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    await ctx
      .http()
      .get(`/api/admin/${user.email}`)
      .set(auth(resigned({})))
      .expect(200);
    await ctx
      .http()
      .get(`/api/admin/${user.email}`)
      .set(auth(resigned({ ver: payload.ver + 1 })))
      .expect(401);
    await ctx
      .http()
      .get(`/api/admin/${user.email}`)
      .set(auth(resigned({ since: payload.since - 1 })))
      .expect(401);
  });
});

describe('role matrix', () => {
  let anonymous: Record<string, string>;
  let asCustomer: Record<string, string>;
  let asAdmin: Record<string, string>;
  let target: string;

  beforeAll(async () => {
    anonymous = {};
    asCustomer = auth((await customer()).token);
    asAdmin = auth((await admin()).token);
  });

  const routes: [string, 'get' | 'put' | 'delete', () => string][] = [
    ['list users', 'get', () => '/api/user'],
    ['make admin', 'put', () => `/api/user/admin/${target}`],
    ['remove user', 'delete', () => `/api/user/${target}`],
  ];

  it.each(routes)('%s: anonymous 401, customer 403, admin 2xx', async (_label, method, path) => {
    target = (await customer()).email;
    await ctx.http()[method](path()).set(anonymous).expect(401);
    await ctx.http()[method](path()).set(asCustomer).expect(403);
    const res = await ctx.http()[method](path()).set(asAdmin);
    expect(res.status).toBe(200);
  });

  it('admin status: yours 200, another customer 403, admin may ask about anyone', async () => {
    const me = await customer();
    const other = await customer();
    await ctx.http().get(`/api/admin/${me.email}`).expect(401);
    await ctx.http().get(`/api/admin/${me.email}`).set(auth(me.token)).expect(200, { admin: false });
    await ctx.http().get(`/api/admin/${other.email}`).set(auth(me.token)).expect(403);
    await ctx.http().get(`/api/admin/${other.email}`).set(asAdmin).expect(200, { admin: false });
  });
});

describe('users administration', () => {
  it('lists users with their roles, paginated', async () => {
    const boss = await admin();
    const res = await ctx.http().get('/api/user?limit=2').set(auth(boss.token)).expect(200);
    expect(res.body).toHaveLength(2);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(2);
    // Nothing more: no token version, no timestamps. The credit limit is the admins' to see and set.
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'creditLimit',
      'customCreditLimit',
      'email',
      'emailVerified',
      'name',
      'role',
    ]);
  });

  it('makes a customer admin once (modifiedCount 1, then 0)', async () => {
    const boss = await admin();
    const user = await customer();
    // Verified and signed in again, so the store knows (admin-verified.test.ts).
    await signIn({ email: user.email, idToken: await verifyEmail(user) }).expect(200);
    const first = await ctx.http().put(`/api/user/admin/${user.email}`).set(auth(boss.token)).expect(200);
    expect(first.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    await ctx.http().get(`/api/admin/${user.email}`).set(auth(boss.token)).expect(200, { admin: true });
    const second = await ctx.http().put(`/api/user/admin/${user.email}`).set(auth(boss.token)).expect(200);
    expect(second.body.modifiedCount).toBe(0);
  });

  it('answers 404 for an unknown user', async () => {
    const boss = await admin();
    await ctx
      .http()
      .put(`/api/user/admin/${uniqueEmail('nobody')}`)
      .set(auth(boss.token))
      .expect(404);
    await ctx
      .http()
      .delete(`/api/user/${uniqueEmail('nobody')}`)
      .set(auth(boss.token))
      .expect(404);
  });

  it('never lets an admin remove themselves', async () => {
    const boss = await admin();
    const res = await ctx.http().delete(`/api/user/${boss.email}`).set(auth(boss.token)).expect(409);
    expect(res.body).toEqual({ message: apiMessages.cannotRemoveSelf });
  });

  it('never removes the last admin, even when two admins remove each other at once', async () => {
    await ctx.db.delete(users);
    const a = await admin();
    const b = await admin();
    const results = await Promise.all([
      ctx.http().delete(`/api/user/${b.email}`).set(auth(a.token)),
      ctx.http().delete(`/api/user/${a.email}`).set(auth(b.token)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One removal wins; the other is refused (409 last admin, or 401 when its caller is gone).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const admins = await ctx.db.select().from(users);
    expect(admins.filter((u) => u.role === 'admin')).toHaveLength(1);
  });

  it('keeps the login but refuses it: the person, signing in with it, is told the account was removed', async () => {
    const boss = await admin();
    const user = await customer();
    await ctx.http().delete(`/api/user/${user.email}`).set(auth(boss.token)).expect(200, {
      acknowledged: true,
      deletedCount: 1,
    });
    // Their password still proves who they are (decision 031); the answer is the removal's.
    const refused = await signIn({ email: user.email, idToken: await signInAgain(user.email) }).expect(403);
    expect(refused.body).toEqual({ message: apiMessages.accountRemoved() });
  });
});

describe('removed means removed', () => {
  it('refuses a removed user who signs in again, until an admin restores the e-mail', async () => {
    const boss = await admin();
    const user = await customer('Rory Removed');
    await ctx.http().delete(`/api/user/${user.email}`).set(auth(boss.token)).expect(200);

    const comeback = { email: user.email, idToken: await signInAgain(user.email) };
    const refused = await signIn(comeback, { name: 'Rory Again' }).expect(403);
    expect(refused.body).toEqual({ message: apiMessages.accountRemoved() });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(row).toBeUndefined();

    const blocked = await ctx.http().get('/api/users/blocked?limit=100').set(auth(boss.token)).expect(200);
    expect(blocked.body).toContainEqual({
      email: user.email,
      blockedBy: boss.email,
      blockedAt: expect.any(String),
    });

    await ctx
      .http()
      .delete(`/api/users/blocked/${user.email}`)
      .set(auth(boss.token))
      .expect(200, { acknowledged: true, deletedCount: 1 });
    const back = await signIn(comeback, { name: 'Rory Again' }).expect(200);
    expect(back.body.result).toMatchObject({ created: true, user: { name: 'Rory Again', role: 'customer' } });
    const listed = await ctx.http().get('/api/users/blocked?limit=100').set(auth(boss.token)).expect(200);
    expect(listed.body.map((b: { email: string }) => b.email)).not.toContain(user.email);

    // The row is new and starts again at version 0: the pre-removal token still must not work.
    await ctx.http().get(`/api/admin/${user.email}`).set(auth(user.token)).expect(401);
    await ctx.http().get(`/api/admin/${user.email}`).set(auth(back.body.token)).expect(200);
  });

  it('answers 404 when restoring an e-mail that is not blocked', async () => {
    const boss = await admin();
    const res = await ctx
      .http()
      .delete(`/api/users/blocked/${uniqueEmail('free')}`)
      .set(auth(boss.token))
      .expect(404);
    expect(res.body).toEqual({ message: apiMessages.notBlocked });
  });

  it('keeps the block list for admins only', async () => {
    const user = await customer();
    await ctx.http().get('/api/users/blocked').expect(401);
    await ctx.http().get('/api/users/blocked').set(auth(user.token)).expect(403);
    await ctx.http().delete(`/api/users/blocked/${user.email}`).set(auth(user.token)).expect(403);
  });
});

describe('PATCH /api/profile', () => {
  it('renames the caller and returns a fresh token', async () => {
    const user = await customer('Old Name');
    const res = await ctx
      .http()
      .patch('/api/profile')
      .set(auth(user.token))
      .send({ name: '  New Name ' })
      .expect(200);
    expect(res.body.user).toEqual({ email: user.email, name: 'New Name', role: 'customer' });
    expect((jwt.decode(res.body.token) as jwt.JwtPayload).name).toBe('New Name');
  });

  it('validates the name with the register message', async () => {
    const user = await customer();
    const res = await ctx.http().patch('/api/profile').set(auth(user.token)).send({ name: '' }).expect(400);
    expect(res.body.fields).toEqual({ name: 'Name is Required' });
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per client', async () => {
    const limited = await createTestApp({ authRateLimit: 2 });
    try {
      const email = uniqueEmail();
      await limited.http().put(`/api/user/${email}`).expect(401);
      await limited.http().put(`/api/user/${email}`).expect(401);
      const res = await limited.http().put(`/api/user/${email}`).expect(429);
      expect(res.body).toEqual({ message: apiMessages.tooManySignIns });
    } finally {
      await limited.close();
    }
  });
});
