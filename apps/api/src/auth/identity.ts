import { emailSchema } from '@store/shared';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import { fieldOf } from '../lib/thrown.js';

/** What the identity provider vouches for about the holder of an ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  provider: string;
}

/** The identity provider as the API needs it; tests and production use the Firebase one. */
export interface IdentityProvider {
  /**
   * Throws InvalidIdentityToken when the token is malformed, forged, expired, revoked or has no
   * e-mail, and IdentityUnavailable when the provider cannot be reached to tell.
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** Resolves when the provider answers; throws IdentityUnavailable otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class InvalidIdentityToken extends Error {}

/** How long a client should wait before asking again while the identity provider is down. */
export const IDENTITY_RETRY_AFTER_SECONDS = 30;

/** The provider could not be reached: a 503 for the caller, never a verdict on the token. */
export class IdentityUnavailable extends Error {
  constructor(cause?: unknown) {
    super('The identity provider is unreachable', { cause });
    this.name = 'IdentityUnavailable';
  }
}

const PING_TIMEOUT_MS = 2_000;
const GOOGLE_PING_MEMO_MS = 60_000;

/** Where Firebase publishes the keys that sign real ID tokens. */
const GOOGLE_KEYS_URL =
  'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

/** Firebase Admin's codes for "no answer", as opposed to an answer that says no. */
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout']);

/**
 * Firebase Admin reports a failed fetch of Google's keys as an invalid argument; only its
 * message tells it apart from a bad token.
 */
const KEY_FETCH_FAILURE = /error fetching public keys/i;

function isUnreachable(error: unknown): boolean {
  const code = fieldOf(error, 'code');
  const message = fieldOf(error, 'message');
  return (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
    (typeof message === 'string' && KEY_FETCH_FAILURE.test(message))
  );
}

let appCounter = 0;

/**
 * Firebase Admin. With an emulator host the Admin SDK talks to the emulator (it reads
 * FIREBASE_AUTH_EMULATOR_HOST from the environment, so it is set here); otherwise it checks
 * signatures against Google's public keys for the project.
 */
export function createFirebaseIdentity(options: {
  projectId: string;
  emulatorHost?: string;
}): IdentityProvider {
  const { emulatorHost } = options;
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  appCounter += 1;
  const app: App = initializeApp({ projectId: options.projectId }, `store-${appCounter}`);
  const auth = getAuth(app);
  let lastGoogleAnswer = Number.NEGATIVE_INFINITY;

  /** Runs a call to the provider, sorting its failures into unreachable and refused. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof InvalidIdentityToken || error instanceof IdentityUnavailable) throw error;
      if (isUnreachable(error)) throw new IdentityUnavailable(error);
      throw new InvalidIdentityToken(error instanceof Error ? error.message : 'invalid token');
    }
  }

  return {
    verifyIdToken: (idToken) =>
      ask(async () => {
        // checkRevoked also confirms the account still exists and is not disabled.
        const decoded = await auth.verifyIdToken(idToken, true);
        return emulatorHost ? fromAccountRecord(auth, decoded) : fromSignedClaims(decoded);
      }),

    async ping() {
      // The emulator answers its root when it is up. For a real project, sign-in depends on
      // Google's published keys (the SDK caches them), so their endpoint is what we probe, at
      // most once a minute however often the health check is asked.
      if (!emulatorHost && Date.now() - lastGoogleAnswer < GOOGLE_PING_MEMO_MS) return;
      const url = emulatorHost ? `http://${emulatorHost}/` : GOOGLE_KEYS_URL;
      const res = await fetch(url, { signal: AbortSignal.timeout(PING_TIMEOUT_MS) }).catch((error) => {
        throw new IdentityUnavailable(error);
      });
      await res.body?.cancel();
      if (!res.ok) throw new IdentityUnavailable(new Error(`${url} answered ${res.status}`));
      if (!emulatorHost) lastGoogleAnswer = Date.now();
    },

    close: () => deleteApp(app),
  };
}

/** The provider's e-mail as the store keeps it (emailSchema: trimmed, lower-cased). */
function storedEmail(email: string | undefined): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new InvalidIdentityToken('The account has no usable e-mail address');
  return parsed.data;
}

/** A real project's tokens are signed by Google: their claims are the provider's word. */
function fromSignedClaims(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: storedEmail(decoded.email),
    emailVerified: decoded.email_verified === true,
    ...(typeof decoded.name === 'string' && { name: decoded.name }),
    provider: decoded.firebase.sign_in_provider,
  };
}

/**
 * The emulator signs nothing, so anyone can edit a token's claims. Only the uid is taken from
 * it; e-mail, name and verification come from the emulator's record of that uid, and a token
 * that claims another e-mail, or a verification the record lacks, is refused as forged.
 */
async function fromAccountRecord(auth: Auth, decoded: DecodedIdToken): Promise<VerifiedIdentity> {
  const record = await auth.getUser(decoded.uid);
  const email = storedEmail(record.email);
  if (emailSchema.safeParse(decoded.email).data !== email)
    throw new InvalidIdentityToken('The token names another e-mail than its account');
  // A token taken before the link was followed says false while the record says true: that
  // is stale, not forged. The reverse cannot come from the emulator.
  if (decoded.email_verified === true && !record.emailVerified)
    throw new InvalidIdentityToken('The token claims a verification its account lacks');
  return {
    uid: record.uid,
    email,
    emailVerified: record.emailVerified,
    ...(record.displayName && { name: record.displayName }),
    provider: decoded.firebase.sign_in_provider,
  };
}
