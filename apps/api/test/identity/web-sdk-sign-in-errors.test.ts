import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authErrorMessages } from '@store/shared';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  inMemoryPersistence,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_FIREBASE_PROJECT } from '../support/helpers.js';

/**
 * The web app's side of the forwarded sign-in calls' limits and answers (emulator-proxy-limits.test.ts):
 * the Firebase web SDK the login and register pages use (firebase/auth, as
 * apps/web/src/lib/firebase.ts calls it), pointed at the store as the browser is, must turn the
 * store's answers into the codes the pages put in words
 * (describe-auth-error.ts, authErrorMessages): the login page's one message for a wrong password
 * and an unknown e-mail, its own for too many attempts, and registration's for a taken e-mail.
 */
const PASSWORD = 'secret-password';
/** Forwarded calls per address: enough for the steps below (the SDK adds a lookup here and there). */
const LIMIT = 16;
const newEmail = () => `sdk-${randomBytes(5).toString('hex')}@example.com`;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let firebase: FirebaseApp;
let auth: Auth;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimit: LIMIT });
  server = createServer(ctx.store);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  firebase = initializeApp({ apiKey: 'demo-api-key', projectId: TEST_FIREBASE_PROJECT }, `sdk-${port}`);
  auth = getAuth(firebase);
  await setPersistence(auth, inMemoryPersistence);
  connectAuthEmulator(auth, `http://127.0.0.1:${port}`, { disableWarnings: true });
}, 60_000);
afterAll(async () => {
  await deleteApp(firebase);
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

/** The code the SDK rejects with, and the words the web app shows for it. */
async function failure(attempt: Promise<unknown>) {
  const error = (await attempt.then(
    () => ({ code: 'no error' }),
    (e: unknown) => e,
  )) as { code: string };
  return { code: error.code, shown: authErrorMessages[error.code] };
}

describe('the web SDK against the store', () => {
  it('shows one message for a wrong password and an unknown e-mail, its own for a taken e-mail, then too many', async () => {
    const email = newEmail();
    await createUserWithEmailAndPassword(auth, email, PASSWORD);
    const wrongPassword = await failure(signInWithEmailAndPassword(auth, email, 'not-the-password'));
    const unknownEmail = await failure(signInWithEmailAndPassword(auth, newEmail(), 'not-the-password'));
    expect(wrongPassword).toEqual({
      code: 'auth/invalid-credential',
      shown: 'The e-mail or password is not correct.',
    });
    expect(unknownEmail).toEqual(wrongPassword);

    // A reset asked for nobody succeeds as one for an account does.
    await sendPasswordResetEmail(auth, newEmail());
    await sendPasswordResetEmail(auth, email);

    // Registration still says the e-mail is taken (docs/decisions/025).
    expect(await failure(createUserWithEmailAndPassword(auth, email, PASSWORD))).toEqual({
      code: 'auth/email-already-in-use',
      shown: authErrorMessages['auth/email-already-in-use'],
    });

    // The right password signs in while calls are left, then the limit answers, in words.
    await signInWithEmailAndPassword(auth, email, PASSWORD);
    let limited: Awaited<ReturnType<typeof failure>> | undefined;
    for (let attempt = 0; attempt < LIMIT && !limited; attempt++) {
      const outcome = await failure(signInWithEmailAndPassword(auth, email, PASSWORD));
      if (outcome.code !== 'no error') limited = outcome;
    }
    expect(limited).toEqual({
      code: 'auth/too-many-requests',
      shown: 'Too many attempts. Please wait a few minutes and try again.',
    });
  }, 60_000);
});
