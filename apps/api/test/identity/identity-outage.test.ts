import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiMessages } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthEmulator, startAuthEmulator } from '../../src/auth/emulator.js';
import { blockedEmails, users } from '../../src/db/schema.js';
import { freePort } from '../../src/lib/free-port.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';
import { uniqueEmail } from '../support/identities.js';

/**
 * The identity provider goes away and comes back. This file runs its own emulator, persisting
 * its accounts across the restart, so stopping it leaves the other files' emulator alone. Its
 * project is its own too: firebase-tools finds the hub that exports the accounts on exit by
 * project id (a locator file in the temp folder), so a shared id could export another
 * emulator's accounts.
 */
const projectId = `demo-outage-${randomBytes(4).toString('hex')}`;
let workDir: string;
let host: string;
let emulator: AuthEmulator | undefined;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

const startEmulator = async () => {
  emulator = await startAuthEmulator({ host, projectId, workDir, persist: true });
};
const stopEmulator = async () => {
  await emulator?.stop();
  emulator = undefined;
};

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'store-identity-outage-'));
  host = `127.0.0.1:${await freePort()}`;
  await startEmulator();
  ctx = await createTestApp({ emulator: { host, projectId } });
}, 120_000);

afterAll(async () => {
  await stopEmulator();
  await ctx?.close();
  rmSync(workDir, { recursive: true, force: true });
}, 60_000);

/** The web SDK's password calls, against this file's emulator. */
async function emulatorCall(endpoint: 'accounts:signUp' | 'accounts:signInWithPassword', email: string) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${endpoint}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
  });
  return { ok: res.ok, body: (await res.json()) as { idToken?: string; error?: { message: string } } };
}

async function idTokenFor(endpoint: 'accounts:signUp' | 'accounts:signInWithPassword', email: string) {
  const { ok, body } = await emulatorCall(endpoint, email);
  if (!ok || !body.idToken) throw new Error(`${endpoint} failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

const signIn = (email: string, idToken: string) =>
  ctx.http().put(`/api/user/${email}`).set('Authorization', `Bearer ${idToken}`);

describe('identity provider outage', () => {
  it('signs in, removes and reports health normally, then survives an outage', async () => {
    const admin = await accountWithToken(ctx, 'admin');
    const leaving = uniqueEmail('leaving');
    const leavingToken = (await signIn(leaving, await idTokenFor('accounts:signUp', leaving)).expect(200))
      .body.token as string;
    const late = uniqueEmail('late');
    const lateIdToken = await idTokenFor('accounts:signUp', late);

    expect((await ctx.http().get('/api/health').expect(200)).body).toMatchObject({
      status: 'ok',
      database: 'ok',
      identity: 'ok',
    });

    await stopEmulator();

    // Sign-in: the provider cannot tell, so 503 with Retry-After, never a 401 'not verified'.
    const refused = await signIn(late, lateIdToken).expect(503);
    expect(refused.body).toEqual({ message: apiMessages.identityUnavailable });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Health: degraded and naming the identity provider; still 200, the database is fine.
    const health = await ctx.http().get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'ok', identity: 'unreachable' });

    // Sessions already signed in keep working: our own tokens need no provider.
    await ctx.http().get(`/api/admin/${leaving}`).set('Authorization', `Bearer ${leavingToken}`).expect(200);

    // Removal needs only the database (the login stays: decision 031), so it works meanwhile.
    await ctx.http().delete(`/api/user/${leaving}`).set(admin.auth).expect(200, {
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await ctx.db.select().from(users).where(eq(users.email, leaving))).toEqual([]);
    expect(await ctx.db.select().from(blockedEmails).where(eq(blockedEmails.email, leaving))).toHaveLength(1);
    await ctx.http().get(`/api/admin/${leaving}`).set('Authorization', `Bearer ${leavingToken}`).expect(401);

    await startEmulator();

    // The login is still there, but the store refuses it: removed means removed.
    const stillThere = await idTokenFor('accounts:signInWithPassword', leaving);
    const blocked = await signIn(leaving, stillThere).expect(403);
    expect(blocked.body).toEqual({ message: apiMessages.accountRemoved() });

    // And the one who could not sign in during the outage now can.
    await signIn(late, await idTokenFor('accounts:signInWithPassword', late)).expect(200);
    expect((await ctx.http().get('/api/health').expect(200)).body).toMatchObject({
      status: 'ok',
      identity: 'ok',
    });
  }, 180_000);
});
