import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** What a verified Firebase ID token says about its holder. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  name?: string;
  provider: string;
}

/** The identity provider as the API needs it; tests and production use the Firebase one. */
export interface IdentityProvider {
  /** Throws when the token is malformed, forged, expired, revoked or has no e-mail. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** Removes the account, if there is one. */
  deleteUserByEmail(email: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidIdentityToken extends Error {}

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
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  appCounter += 1;
  const app: App = initializeApp({ projectId: options.projectId }, `store-${appCounter}`);
  const auth = getAuth(app);

  return {
    async verifyIdToken(idToken) {
      try {
        // checkRevoked also confirms the account still exists and is not disabled.
        const decoded = await auth.verifyIdToken(idToken, true);
        if (!decoded.email) throw new InvalidIdentityToken('The account has no e-mail address');
        return {
          uid: decoded.uid,
          email: decoded.email.toLowerCase(),
          ...(typeof decoded.name === 'string' && { name: decoded.name }),
          provider: decoded.firebase.sign_in_provider,
        };
      } catch (error) {
        if (error instanceof InvalidIdentityToken) throw error;
        throw new InvalidIdentityToken(error instanceof Error ? error.message : 'invalid token');
      }
    },
    async deleteUserByEmail(email) {
      try {
        const user = await auth.getUserByEmail(email);
        await auth.deleteUser(user.uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
