import { apiMessages } from '@store/shared';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_SECONDS, TOKEN_LIFETIME_SECONDS } from '../../src/auth/tokens.js';
import { createTestApp, TEST_JWT_SECRET } from '../support/helpers.js';
import { signInAgain, signUp } from '../support/identities.js';

/**
 * Sessions (decision 028): Sign Out ends the API token on the server, tokens
 * live an hour and are refreshed, and a sign-in lasts a day at most. The tokens' clock is the
 * test's, moved forward instead of waited for.
 */
let now = Date.now();
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
});
afterAll(() => ctx.close());

const MINUTE_MS = 60_000;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const claims = (token: string) => jwt.decode(token) as jwt.JwtPayload;

/** A real sign-in: the emulator's ID token traded for ours. */
async function signIn(email?: string) {
  const idToken = email ? await signInAgain(email) : (await signUp()).idToken;
  const answer = await ctx
    .http()
    .put(`/api/user/${email ?? claims(idToken).email}`)
    .set(bearer(idToken))
    .send({});
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

const profileStatus = async (token: string) =>
  (await ctx.http().get('/api/profile').set(bearer(token))).status;
const refresh = (token: string) => ctx.http().post('/api/session/refresh').set(bearer(token));

describe('POST /api/session/end', () => {
  it('ends the token, and every other token of the account, at once', async () => {
    const laptop = await signIn();
    const email = claims(laptop).sub as string;
    const phone = await signIn(email);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(phone)).toBe(200);

    const ended = await ctx.http().post('/api/session/end').set(bearer(laptop));
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ acknowledged: true });

    for (const token of [laptop, phone]) {
      const refused = await ctx.http().get('/api/profile').set(bearer(token));
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: apiMessages.sessionInvalid });
      expect((await refresh(token)).status).toBe(401);
    }
    // Signing in again starts a new session.
    expect(await profileStatus(await signIn(email))).toBe(200);
  });

  it('needs a token', async () => {
    expect((await ctx.http().post('/api/session/end')).status).toBe(401);
  });
});

describe('token life and refresh', () => {
  it('issues tokens for an hour, carrying the sign-in time', async () => {
    const token = await signIn();
    const { iat, exp, auth } = claims(token);
    expect(auth).toBe(iat);
    expect(exp).toBe((iat as number) + TOKEN_LIFETIME_SECONDS);
  });

  it('refuses a token once its hour is over', async () => {
    const token = await signIn();
    now += TOKEN_LIFETIME_SECONDS * 1000 - MINUTE_MS;
    expect(await profileStatus(token)).toBe(200);
    now += 2 * MINUTE_MS;
    expect(await profileStatus(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });

  it('trades a valid token for a new one of the same sign-in, which works', async () => {
    const first = await signIn();
    now += 50 * MINUTE_MS;
    const answer = await refresh(first);
    expect(answer.status).toBe(200);
    const second = answer.body.token as string;
    expect(claims(second).auth).toBe(claims(first).auth);
    expect(claims(second).exp).toBe(Number(claims(first).exp) + 50 * 60);
    // Past the first token's hour, the new one still works.
    now += 20 * MINUTE_MS;
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(200);
  });

  it('never takes a session past a day after its sign-in', async () => {
    let token = await signIn();
    const cap = claims(token).auth + SESSION_LIFETIME_SECONDS;
    // Refreshed every 50 minutes, as the web app does well before each expiry.
    while (now / 1000 + 50 * 60 < cap) {
      now += 50 * MINUTE_MS;
      const answer = await refresh(token);
      expect(answer.status).toBe(200);
      token = answer.body.token;
      expect(claims(token).exp).toBeLessThanOrEqual(cap);
    }
    expect(claims(token).exp).toBe(cap);
    // Renaming (which issues a token) does not extend it either.
    const renamed = await ctx.http().patch('/api/profile').set(bearer(token)).send({ name: 'Late Renamer' });
    expect(renamed.status).toBe(200);
    expect(claims(renamed.body.token).exp).toBe(cap);

    now = cap * 1000 + 1000;
    expect((await refresh(token)).status).toBe(401);
    expect(await profileStatus(token)).toBe(401);
  });

  it('refuses a token whose sign-in is over a day old, whatever its expiry', async () => {
    const { iat: _iat, exp: _exp, ...rest } = claims(await signIn());
    const seconds = Math.floor(now / 1000);
    const signed = (auth: number) =>
      jwt.sign({ ...rest, iat: seconds, exp: seconds + 600, auth }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    expect(await profileStatus(signed(rest.auth))).toBe(200);
    expect(await profileStatus(signed(seconds - SESSION_LIFETIME_SECONDS))).toBe(401);
  });
});
