import { randomBytes } from 'node:crypto';
import { apiMessages } from '@store/shared';
import express from 'express';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorProxy } from '../../src/auth/emulator-proxy.js';
import { errorHandler } from '../../src/lib/error-handler.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp } from '../support/helpers.js';

/**
 * Password guessing through the store's forwarded sign-in calls: every forwarded call counts
 * toward the sign-in limit per client address, and those that name an account toward it per
 * account too, shared through Redis when set; a failed sign-in answers the same whether or not
 * the account exists, so the answers never tell an unknown e-mail from a wrong password (nor a
 * reset for an account from one for nobody).
 */
const call = (name: string) => `/identitytoolkit.googleapis.com/v1/accounts:${name}?key=demo-api-key`;
const TOKEN = '/securetoken.googleapis.com/v1/token?key=demo-api-key';
const PASSWORD = 'secret-password';
const newEmail = () => `limits-${randomBytes(5).toString('hex')}@example.com`;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const apps: TestApp[] = [];
async function store(options: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(options);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/**
 * The answer a client sees, less what differs between any two answers: the date, the request's
 * id, the count left, the counters' keys (a hash of the address and the e-mail) and the ETag (a
 * hash of the body, compared on its own).
 */
function seen(res: request.Response) {
  const {
    date: _d,
    'x-request-id': _id,
    ratelimit: _left,
    'ratelimit-policy': _keys,
    etag: _etag,
    ...headers
  } = res.headers;
  return { status: res.status, headers, body: res.body };
}

describe('one answer for an unknown e-mail and a wrong password', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signing in says INVALID_LOGIN_CREDENTIALS for both, byte for byte', async () => {
    const email = newEmail();
    await ctx.http().post(call('signUp')).send({ email, password: PASSWORD }).expect(200);
    const wrongPassword = await ctx
      .http()
      .post(call('signInWithPassword'))
      .send({ email, password: 'wrong-password', returnSecureToken: true });
    const unknownEmail = await ctx
      .http()
      .post(call('signInWithPassword'))
      .send({ email: newEmail(), password: 'wrong-password', returnSecureToken: true });
    expect(wrongPassword.status).toBe(400);
    // What real Firebase answers with e-mail enumeration protection, and what the web SDK
    // turns into auth/invalid-credential: the login page's one message for both.
    expect(wrongPassword.body.error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect(seen(unknownEmail)).toEqual(seen(wrongPassword));
    expect(unknownEmail.text).toBe(wrongPassword.text);
  });

  it('a password reset answers the same whether or not the account exists', async () => {
    const email = newEmail();
    await ctx.http().post(call('signUp')).send({ email, password: PASSWORD }).expect(200);
    const nobody = newEmail();
    const forAccount = await ctx
      .http()
      .post(call('sendOobCode'))
      .send({ requestType: 'PASSWORD_RESET', email });
    const forNobody = await ctx
      .http()
      .post(call('sendOobCode'))
      .send({ requestType: 'PASSWORD_RESET', email: nobody });
    expect(forAccount.status).toBe(200);
    expect(forAccount.body).toEqual({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email });
    const anonymised = (res: request.Response, address: string) =>
      JSON.stringify(seen(res)).replaceAll(address, '<address>');
    expect(anonymised(forNobody, nobody)).toBe(anonymised(forAccount, email));
  });

  it('still signs the right password in', async () => {
    const email = newEmail();
    await ctx.http().post(call('signUp')).send({ email, password: PASSWORD }).expect(200);
    const res = await ctx.http().post(call('signInWithPassword')).send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
  });
});

/** The Firebase-shaped 429 the web SDK reads as auth/too-many-requests, with our message. */
function expectLimited(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.body).toMatchObject({
    message: apiMessages.tooManySignIns,
    error: { code: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' },
  });
}

describe('the sign-in limit on the forwarded calls', () => {
  it('counts every forwarded call from one address, then answers 429 without asking the emulator', async () => {
    let accountChanges = 0;
    const ctx = await store({ authRateLimit: 4, onEmulatorAccountsChanged: () => accountChanges++ });
    const email = newEmail();
    const up = await ctx
      .http()
      .post(call('signUp'))
      .send({ email, password: PASSWORD, returnSecureToken: true });
    expect(up.status).toBe(200);
    await ctx.http().post(call('lookup')).send({ idToken: up.body.idToken }).expect(200);
    await ctx
      .http()
      .post(TOKEN)
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: up.body.refreshToken })
      .expect(200);
    await ctx
      .http()
      .post(call('signInWithPassword'))
      .send({ email: newEmail(), password: 'guess-1' })
      .expect(400);
    for (const res of [
      await ctx.http().post(call('signInWithPassword')).send({ email, password: PASSWORD }),
      await ctx.http().post(call('sendOobCode')).send({ requestType: 'PASSWORD_RESET', email }),
      await ctx.http().post(TOKEN).type('form').send({ grant_type: 'refresh_token', refresh_token: 'x' }),
      await ctx.http().post(call('signUp')).send({ email: newEmail(), password: PASSWORD }),
    ]) {
      expectLimited(res);
    }
    // The sign-ups refused never reached the emulator: only the first made an account.
    expect(accountChanges).toBe(1);
  }, 60_000);

  it('counts the calls that name an account per account too, from any address', async () => {
    // The router alone, behind a proxy that names each client: three addresses, one account.
    const app = express()
      .set('trust proxy', 1)
      .use(emulatorProxy({ emulatorHost: inject('authEmulatorHost'), limit: 3 }))
      .use(errorHandler(createLogger('silent')));
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const email = newEmail();
    await request(app)
      .post(call('signUp'))
      .set(from('192.0.2.1'))
      .send({ email, password: PASSWORD })
      .expect(200);
    const guess = (address: string, who = email) =>
      request(app)
        .post(call('signInWithPassword'))
        .set(from(address))
        .send({ email: who, password: 'guess' });
    await guess('192.0.2.2').expect(400);
    // The same account in other letters is the same account.
    await guess('192.0.2.3', ` ${email.toUpperCase()} `).expect(400);
    expectLimited(await guess('192.0.2.4'));
    expectLimited(
      await request(app)
        .post(call('sendOobCode'))
        .set(from('192.0.2.5'))
        .send({ requestType: 'PASSWORD_RESET', email }),
    );
    // Another account, from a fresh address, is not held back by this one.
    await guess('192.0.2.6', newEmail()).expect(400);
  });

  it('refuses a body that is not JSON, or names no e-mail it can count, rather than forward it', async () => {
    const app = express()
      .use(emulatorProxy({ emulatorHost: inject('authEmulatorHost'), limit: 100 }))
      .use(errorHandler(createLogger('silent')));
    const res = await request(app)
      .post(call('signInWithPassword'))
      .set('content-type', 'text/plain')
      .send('{"email": "a@example.com", "password": "x"');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('INVALID_JSON');
    // Nor an e-mail it could not count under one account.
    const listed = await request(app)
      .post(call('signInWithPassword'))
      .send({ email: ['a@example.com'], password: 'x' });
    expect(listed.status).toBe(400);
    expect(listed.body.error.message).toBe('INVALID_EMAIL');
  });
});

describe('the limit shared through Redis', () => {
  const REDIS_URL = 'redis://127.0.0.1:6379';
  const redis = createClient({ url: REDIS_URL });
  afterAll(async () => {
    if (redis.isOpen) await redis.close();
  });

  it('counts the forwarded calls to two instances toward one limit, keyed without e-mails', async () => {
    const shared = { url: REDIS_URL, prefix: `test:sign-in:${randomBytes(6).toString('hex')}:`, ready: true };
    const a = await store({ authRateLimit: 3, redis: shared });
    const b = await store({ authRateLimit: 3, redis: shared });
    const email = newEmail();
    const guess = (app: TestApp) =>
      app.http().post(call('signInWithPassword')).send({ email, password: 'guess' });
    await guess(a).expect(400);
    await guess(b).expect(400);
    await guess(a).expect(400);
    // B has seen one guess only: the other two were counted in Redis.
    expectLimited(await guess(b));
    expectLimited(await guess(a));

    if (!redis.isOpen) await redis.connect();
    const keys = await redis.keys(`${shared.prefix}*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.join(' ')).not.toContain(email);
    await redis.del(keys);
  }, 60_000);
});
