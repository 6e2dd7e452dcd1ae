import { createHash, randomBytes } from 'node:crypto';
import { apiMessages, GOOGLE_STAND_IN_PATH, type GoogleStandInQuery } from '@store/shared';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isLoopback } from '../../src/auth/emulator-google.js';
import { emulatorProxy } from '../../src/auth/emulator-proxy.js';
import { createTestApp } from '../support/helpers.js';

/**
 * 'Continue with google' in the trial set-up: the emulator's stand-in for Google's page and its
 * unsigned Google credentials are the store's to forward to browsers on its own machine only,
 * which reach the emulator anyway. Supertest connects over loopback: "another machine" is a
 * client named by a trusted proxy's X-Forwarded-For.
 */
const QUERY: GoogleStandInQuery = {
  apiKey: 'demo-api-key',
  appName: '[DEFAULT]',
  authType: 'signInViaRedirect',
  providerId: 'google.com',
  redirectUrl: '/login',
};
const pageUrl = (query: Record<string, string> = QUERY) =>
  `${GOOGLE_STAND_IN_PATH}?${new URLSearchParams(query)}`;
const SIGN_IN_WITH_IDP = '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key';

/** What the SDK's signInWithCredential sends for the stand-in page's made-up Google account. */
function standInCredential(email: string, providerId = 'google.com') {
  const claims = JSON.stringify({
    sub: randomBytes(8).toString('hex'),
    email,
    email_verified: true,
    name: 'Gus',
  });
  return {
    requestUri: 'http://localhost',
    postBody: new URLSearchParams({ id_token: claims, providerId }).toString(),
    returnSecureToken: true,
  };
}
const newEmail = () => `stand-in-${randomBytes(5).toString('hex')}@example.com`;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accountChanges = 0;
beforeAll(async () => {
  ctx = await createTestApp({ onEmulatorAccountsChanged: () => accountChanges++ });
});
afterAll(() => ctx.close());

/** The proxy behind a trusted proxy, as TRUST_PROXY=1 sets it, so a request can come from elsewhere. */
const behindProxy = () =>
  express()
    .set('trust proxy', 1)
    .use(emulatorProxy({ emulatorHost: inject('authEmulatorHost') }));

describe("the emulator's stand-in for Google, on this machine", () => {
  it('serves the page with a policy of its own: its inline script by hash, none from elsewhere', async () => {
    const res = await ctx.http().get(pageUrl()).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Add new account');
    expect(res.text).not.toMatch(/<script[^>]+src=/);
    const inline = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script ?? '');
    expect(inline).toHaveLength(1);
    const csp = res.headers['content-security-policy'] ?? '';
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|https:|\*)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a redirect off the two sign-in pages', { ...QUERY, redirectUrl: 'javascript:alert(1)' }],
    ['another origin', { ...QUERY, redirectUrl: 'https://evil.example/login' }],
    ['another provider', { ...QUERY, providerId: 'facebook.com' }],
    ['the popup flow', { ...QUERY, authType: 'signInViaPopup' }],
    ['an extra parameter the page reads', { ...QUERY, error: 'boom' }],
    ['no query', {}],
  ])('answers 400 for %s', async (_, query) => {
    const res = await ctx.http().get(pageUrl(query)).expect(400);
    expect(res.body).toEqual({ message: apiMessages.invalidQuery });
  });

  it("signs in with the page's made-up Google account, and says the accounts changed", async () => {
    const email = newEmail();
    accountChanges = 0;
    const res = await ctx.http().post(SIGN_IN_WITH_IDP).send(standInCredential(email)).expect(200);
    expect(res.body).toMatchObject({ email, providerId: 'google.com' });
    expect(accountChanges).toBe(1);
    // The store takes its ID token as any other.
    await ctx.http().put(`/api/user/${email}`).set('Authorization', `Bearer ${res.body.idToken}`).expect(200);
  });

  it('forwards no other provider', async () => {
    const res = await ctx
      .http()
      .post(SIGN_IN_WITH_IDP)
      .send(standInCredential(newEmail(), 'facebook.com'))
      .expect(400);
    expect(res.body.error.message).toBe('OPERATION_NOT_ALLOWED');
    // Nor one the emulator would read from the URI's fragment, over the body's.
    const sneaky = {
      ...standInCredential(newEmail()),
      requestUri: 'http://localhost#providerId=facebook.com',
    };
    expect((await ctx.http().post(SIGN_IN_WITH_IDP).send(sneaky).expect(400)).body.error.message).toBe(
      'OPERATION_NOT_ALLOWED',
    );
  });
});

describe("the emulator's stand-in for Google, from another machine", () => {
  it('refuses the page with a 403 that says why', async () => {
    const res = await request(behindProxy()).get(pageUrl()).set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(res.body).toEqual({ message: apiMessages.googleStandInLocalOnly });
  });

  it('refuses the unsigned Google credential, which never reaches the emulator', async () => {
    const email = newEmail();
    const res = await request(behindProxy())
      .post(SIGN_IN_WITH_IDP)
      .set('X-Forwarded-For', '203.0.113.9')
      .send(standInCredential(email))
      .expect(400);
    expect(res.body.error.message).toBe('OPERATION_NOT_ALLOWED');
    // No account was made for the e-mail: signing up with it still works.
    await ctx
      .http()
      .post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key')
      .send({ email, password: 'secret-password', returnSecureToken: true })
      .expect(200);
  });

  it('still serves this machine behind the same proxy', async () => {
    await request(behindProxy()).get(pageUrl()).set('X-Forwarded-For', '127.0.0.1').expect(200);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.2', false],
    ['2001:db8::1', false],
    ['127.0.0.1.evil.example', false],
    [undefined, false],
  ])('counts %s as this machine: %s', (address, local) => {
    expect(isLoopback(address)).toBe(local);
  });
});
