import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { createTestApp } from '../support/helpers.js';
import { uniqueEmail } from '../support/identities.js';

/**
 * The display name an account is given at sign-up (here through the store's
 * forwarded emulator calls, as any Firebase client could) follows My Profile's rules when the
 * store takes it: no line breaks, escapes or bidi overrides, at most 120 characters, the
 * e-mail's local part when nothing is left, and never a 500.
 */
const SIGN_UP = '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key';
const UPDATE = '/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key';
const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';
const PASSWORD = 'secret-password';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Signs up with `displayName` as the web SDK would, and returns an ID token carrying it. */
async function signUpNamed(email: string, displayName: string) {
  const created = await ctx.http().post(SIGN_UP).send({ email, password: PASSWORD, returnSecureToken: true });
  expect(created.status).toBe(200);
  const updated = await ctx
    .http()
    .post(UPDATE)
    .send({ idToken: created.body.idToken, displayName, returnSecureToken: true });
  expect(updated.status).toBe(200);
  const signedIn = await ctx
    .http()
    .post(SIGN_IN)
    .send({ email, password: PASSWORD, returnSecureToken: true })
    .expect(200);
  return signedIn.body.idToken as string;
}

describe("the identity provider's display name", () => {
  it.each([
    ['CR/LF', 'Eve\r\nBcc: victim@evil.test', 'Eve Bcc: victim@evil.test'],
    ['an ANSI escape', '\u001b[31mRed\u001b[0m Rita', 'Red Rita'],
    ['5,000 characters', 'n'.repeat(5000), 'n'.repeat(120)],
    ['a NUL', 'Nul\u0000Name', 'Nul Name'],
    ['U+202E', 'Eve\u202Etxt.exe', 'Evetxt.exe'],
    ['only controls', '\r\n\u0000\u202E\u001b', 'local part'],
  ])('with %s is stored clean, and shown clean on a review', async (_label, displayName, expected) => {
    const email = uniqueEmail('named');
    const clean = expected === 'local part' ? (email.split('@')[0] as string) : expected;
    const idToken = await signUpNamed(email, displayName);

    // Twice: the first sign-in makes the row, the second finds it (a NUL once broke every one).
    for (const created of [true, false]) {
      const res = await ctx.http().put(`/api/user/${email}`).set('Authorization', `Bearer ${idToken}`);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ created, user: { email, name: clean } });
      expect((jwt.decode(res.body.token) as jwt.JwtPayload).name).toBe(clean);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe(clean);

    const signedIn = await ctx.http().put(`/api/user/${email}`).set('Authorization', `Bearer ${idToken}`);
    await ctx
      .http()
      .post('/api/review')
      .set('Authorization', `Bearer ${signedIn.body.token}`)
      .send({ message: `Review by ${email}`, ratings: 4 })
      .expect(201);
    const reviews = await ctx.http().get('/api/reviews?limit=1').expect(200);
    expect(reviews.body[0]).toMatchObject({ name: clean, message: `Review by ${email}` });
  });
});
