import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiMessages, IDENTITY_SETTINGS_ELEMENT_ID, type IdentitySettings } from '@store/shared';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { emulatorProxy } from '../../src/auth/emulator-proxy.js';
import { errorHandler } from '../../src/lib/error-handler.js';
import { freePort } from '../../src/lib/free-port.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, TEST_FIREBASE_PROJECT } from '../support/helpers.js';

/**
 * The store forwards the Auth emulator's public sign-in endpoints under its own origin, so one
 * web build signs in wherever the store is reached; nothing else of the emulator gets out.
 */
const SIGN_UP = '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key';
const SIGN_IN = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';
const LOOKUP = '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key';
const TOKEN = '/securetoken.googleapis.com/v1/token?key=demo-api-key';
const PASSWORD = 'secret-password';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let webDir: string;
let accountChanges = 0;
const emulator = () => `http://${inject('authEmulatorHost')}`;
const newEmail = () => `proxy-${randomBytes(5).toString('hex')}@example.com`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Parts store</title></head><body></body></html>',
  );
  ctx = await createTestApp({ webDistDir: webDir, onEmulatorAccountsChanged: () => accountChanges++ });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});
beforeEach(() => {
  accountChanges = 0;
});

async function signUp(email = newEmail()) {
  const res = await ctx.http().post(SIGN_UP).send({ email, password: PASSWORD, returnSecureToken: true });
  expect(res.status).toBe(200);
  return { email, idToken: res.body.idToken as string, refreshToken: res.body.refreshToken as string };
}

/** Asks the emulator directly (as only the store may) whether the account still exists. */
async function signInDirectly(email: string) {
  const res = await fetch(`${emulator()}${SIGN_IN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return res.status;
}

describe('the emulator behind the store origin', () => {
  it('signs up, signs in and refreshes through the store, and the API accepts the token', async () => {
    const { email, idToken } = await signUp();
    const exchanged = await ctx.http().put(`/api/user/${email}`).set('Authorization', `Bearer ${idToken}`);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.token).toMatch(/^ey/);

    const signIn = await ctx
      .http()
      .post(SIGN_IN)
      .send({ email, password: PASSWORD, returnSecureToken: true });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ email, registered: true });
    expect(signIn.headers['cache-control']).toBe('no-store');

    // The SDK refreshes its ID token with a form-encoded body.
    const refreshed = await ctx
      .http()
      .post(TOKEN)
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: signIn.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.id_token).toMatch(/^ey/);
  });

  it("passes the emulator's errors through with their status", async () => {
    const { email } = await signUp();
    const res = await ctx
      .http()
      .post(SIGN_IN)
      .send({ email, password: 'wrong-password', returnSecureToken: true });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
  });

  it('calls onAccountsChanged after calls that change an account, and only then', async () => {
    const { idToken, email } = await signUp();
    expect(accountChanges).toBe(1);
    await ctx.http().post(SIGN_IN).send({ email, password: PASSWORD, returnSecureToken: true }).expect(200);
    await ctx.http().post(LOOKUP).send({ idToken }).expect(200);
    expect(accountChanges).toBe(1);
    await ctx
      .http()
      .post('/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key')
      .send({ idToken, displayName: 'Renamed', returnSecureToken: true })
      .expect(200);
    expect(accountChanges).toBe(2);
    // A failed change changes nothing.
    await ctx.http().post(SIGN_UP).send({ email, password: PASSWORD }).expect(400);
    expect(accountChanges).toBe(2);
  });

  it('never forwards Authorization, so nobody acts as the emulator owner', async () => {
    const { email } = await signUp();
    // With "Bearer owner" the emulator would look up any account by e-mail.
    const res = await ctx
      .http()
      .post(LOOKUP)
      .set('Authorization', 'Bearer owner')
      .send({ email: [email] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(email);
    // ... and hand back a password-reset link for anyone's account.
    const reset = await ctx
      .http()
      .post('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key')
      .set('Authorization', 'Bearer owner')
      .send({ requestType: 'PASSWORD_RESET', email, returnOobLink: true });
    expect(reset.status).toBe(400);
    expect(reset.body.oobLink).toBeUndefined();
  });

  it.each([
    ['DELETE', `/emulator/v1/projects/${TEST_FIREBASE_PROJECT}/accounts`],
    ['GET', `/emulator/v1/projects/${TEST_FIREBASE_PROJECT}/oobCodes`],
    ['GET', '/emulator/auth/iframe'],
    ['POST', `/identitytoolkit.googleapis.com/v1/projects/${TEST_FIREBASE_PROJECT}/accounts:delete`],
    ['POST', `/identitytoolkit.googleapis.com/v1/projects/${TEST_FIREBASE_PROJECT}/accounts:batchDelete`],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp/extra'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:constructor'],
    ['GET', '/identitytoolkit.googleapis.com/v1/accounts:lookup'],
    ['POST', '/identitytoolkit.googleapis.com/v2/accounts:revokeToken'],
    ['GET', '/securetoken.googleapis.com/v1/token'],
    ['POST', '/securetoken.googleapis.com/v2/token'],
  ])('answers %s %s with a JSON 404 that never reaches the emulator', async (method, url) => {
    const { email } = await signUp();
    const res = await ctx
      .http()
      [method.toLowerCase() as 'get' | 'post' | 'delete'](url)
      .set('Authorization', 'Bearer owner')
      .send(method === 'GET' ? undefined : { localIds: [], email })
      .expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: apiMessages.routeNotFound });
    expect(await signInDirectly(email)).toBe(200);
  });

  it('refuses an oversized body with a 413 before it reaches the emulator', async () => {
    const res = await ctx
      .http()
      .post(SIGN_UP)
      .send({ email: newEmail(), password: PASSWORD, padding: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: apiMessages.payloadTooLarge });
    expect(accountChanges).toBe(0);
  });

  it('answers 503 with Retry-After when the emulator is down', async () => {
    // A port the OS just handed out and took back: nothing listens there.
    const app = express()
      .use(emulatorProxy({ emulatorHost: `127.0.0.1:${await freePort()}` }))
      .use(errorHandler(createLogger('silent')));
    const res = await request(app).post(SIGN_UP).send({ email: newEmail(), password: PASSWORD });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body).toEqual({ message: apiMessages.identityUnavailable });
  });
});

describe('identity settings for the web app', () => {
  const settings: IdentitySettings = { mode: 'emulator', projectId: TEST_FIREBASE_PROJECT };

  it('serves them at /api/auth-config', async () => {
    const res = await ctx.http().get('/api/auth-config').expect(200);
    expect(res.body).toEqual(settings);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/login', '/index.html'])('writes them into index.html at %s', async (url) => {
    // /index.html is none of the router's paths: its not-found page, a 404, still the filled page.
    const res = await ctx
      .http()
      .get(url)
      .expect(url === '/index.html' ? 404 : 200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(settingsIn(res.text)).toEqual(settings);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("keeps the emulator's address out of the CSP: the browser only talks to the store", async () => {
    const csp = (await ctx.http().get('/').expect(200)).headers['content-security-policy'];
    expect(directive(csp, 'connect-src')).toBe("'self'");
    expect(directive(csp, 'frame-src')).toBe("'self'");
    expect(csp).not.toContain(inject('authEmulatorHost'));
    expect(csp).not.toMatch(/googleapis|firebaseapp/);
  });

  it("loads no script from Google with the emulator: its Google sign-in is the emulator's own page", async () => {
    const csp = (await ctx.http().get('/').expect(200)).headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toBe("'self'");
    expect(csp).not.toContain('google.com');
  });

  it("gives a real project's public web settings, and the CSP lets the browser reach Google", async () => {
    const real: IdentitySettings = {
      mode: 'firebase',
      apiKey: 'AIzaSyTest-Key_0123456789abcdefghijk',
      authDomain: 'login.parts.example',
      projectId: 'parts-depot-prod',
      appId: '1:1234567890:web:abc123',
    };
    const other = await createTestApp({ webDistDir: webDir, identitySettings: real });
    try {
      expect((await other.http().get('/api/auth-config').expect(200)).body).toEqual(real);
      const page = await other.http().get('/dashboard').expect(200);
      expect(settingsIn(page.text)).toEqual(real);
      const csp = page.headers['content-security-policy'];
      expect(directive(csp, 'connect-src')).toContain(
        "'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
      );
      expect(directive(csp, 'frame-src')).toBe(
        "'self' https://login.parts.example https://accounts.google.com",
      );
      // Google sign-in's popup needs Google's script.
      expect(directive(csp, 'script-src')).toBe("'self' https://apis.google.com");
      // No emulator forwarding for a real project.
      const signUp = await other.http().post(SIGN_UP).send({ email: newEmail(), password: PASSWORD });
      expect(signUp.status).not.toBe(200);
    } finally {
      await other.close();
    }
  });

  it('escapes the settings so that no value can end the script element', async () => {
    const tricky: IdentitySettings = { mode: 'emulator', projectId: 'demo-</script><script>alert(1)//' };
    const other = await createTestApp({ webDistDir: webDir, identitySettings: tricky });
    try {
      const page = await other.http().get('/').expect(200);
      expect(page.text).not.toContain('</script><script>');
      expect(settingsIn(page.text)).toEqual(tricky);
    } finally {
      await other.close();
    }
  });
});

function directive(csp: string | undefined, name: string): string | undefined {
  return (csp ?? '')
    .split(';')
    .find((entry) => entry.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

function settingsIn(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${IDENTITY_SETTINGS_ELEMENT_ID}">(.*?)</script></head>`,
  ).exec(html);
  return match ? JSON.parse(match[1] as string) : undefined;
}
