import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { inject } from 'vitest';
import { TEST_FIREBASE_PROJECT } from './helpers.js';

/**
 * Real accounts in the Firebase Auth emulator, created through its REST API (the same calls
 * the web SDK makes), so the API verifies genuine emulator-issued ID tokens.
 */
const base = () => `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1`;

async function call<T>(endpoint: string, body: unknown): Promise<T> {
  const res = await fetch(`${base()}/${endpoint}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${endpoint} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.com`;

export interface EmulatorAccount {
  email: string;
  uid: string;
  idToken: string;
}

export async function signUp(email = uniqueEmail(), displayName?: string): Promise<EmulatorAccount> {
  const created = await call<{ localId: string; idToken: string }>('accounts:signUp', {
    email,
    password: 'secret-password',
    returnSecureToken: true,
  });
  if (!displayName) return { email, uid: created.localId, idToken: created.idToken };
  await call('accounts:update', { idToken: created.idToken, displayName });
  // A fresh sign-in returns a token that carries the new display name.
  const signedIn = await call<{ idToken: string }>('accounts:signInWithPassword', {
    email,
    password: 'secret-password',
    returnSecureToken: true,
  });
  return { email, uid: created.localId, idToken: signedIn.idToken };
}

/**
 * Google sign-in as the web SDK completes it after the popup: the emulator accepts an unsigned
 * Google credential (what GoogleAuthProvider.credential(idToken) carries) and returns a
 * Google-provider Firebase ID token.
 */
export async function signInWithGoogle(email = uniqueEmail('google'), name = 'Grace Google') {
  const googleIdToken = jwt.sign(
    { sub: `google-${randomBytes(6).toString('hex')}`, email, email_verified: true, name },
    '',
    {
      algorithm: 'none',
    },
  );
  const result = await call<{ localId: string; idToken: string; providerId: string }>(
    'accounts:signInWithIdp',
    {
      postBody: `id_token=${googleIdToken}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
    },
  );
  return { email, uid: result.localId, idToken: result.idToken, providerId: result.providerId };
}

/** A token shaped like the emulator's, for an account that does not exist. */
export function forgedIdToken(email: string): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    {
      email,
      email_verified: true,
      user_id: 'forged-uid',
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      iat: now,
      auth_time: now,
    },
    '',
    {
      algorithm: 'none',
      audience: TEST_FIREBASE_PROJECT,
      issuer: `https://securetoken.google.com/${TEST_FIREBASE_PROJECT}`,
      subject: 'forged-uid',
      expiresIn: 3600,
    },
  );
}

/** A fresh ID token for a password account, as the web SDK gets after signing in again. */
export async function signInAgain(email: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>('accounts:signInWithPassword', {
    email,
    password: 'secret-password',
    returnSecureToken: true,
  });
  return idToken;
}

/**
 * Follows the e-mail verification link the way a person does: asks the emulator to send it
 * (what the SDK's sendEmailVerification calls), reads the code from the emulator's outbox and
 * applies it. Returns a fresh ID token, taken after the verification.
 */
export async function verifyEmail(account: { email: string; idToken: string }): Promise<string> {
  await call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: account.idToken });
  const outbox = await fetch(
    `http://${inject('authEmulatorHost')}/emulator/v1/projects/${TEST_FIREBASE_PROJECT}/oobCodes`,
  );
  const { oobCodes } = (await outbox.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  const code = oobCodes.findLast(
    (entry) => entry.email === account.email && entry.requestType === 'VERIFY_EMAIL',
  );
  if (!code) throw new Error(`no verification code was sent to ${account.email}`);
  await call('accounts:update', { oobCode: code.oobCode });
  return signInAgain(account.email);
}

/**
 * A genuine emulator ID token with some claims changed and re-encoded, unsigned like the
 * emulator's own: what anyone can forge, since the emulator signs nothing.
 */
export function tamperedIdToken(idToken: string, claims: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  if (!header || !payload) throw new Error('not a JWT');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString('base64url');
  return `${header}.${changed}.`;
}
