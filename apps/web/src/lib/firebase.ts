/**
 * Firebase Auth, loaded only by the pages that sign in, register, rename or sign out, so the
 * storefront's first load never pays for it. The store says at run time whether it talks to a
 * real project or to the Auth emulator, which it forwards under its own origin; nothing about
 * identity is baked into the build.
 */
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  getAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { loadIdentitySettings, storeOrigin } from './env';

const settings = await loadIdentitySettings();
const app = initializeApp(
  settings.mode === 'firebase'
    ? {
        apiKey: settings.apiKey,
        authDomain: settings.authDomain,
        projectId: settings.projectId,
        ...(settings.appId && { appId: settings.appId }),
      }
    : // The emulator accepts any API key.
      { apiKey: 'demo-api-key', projectId: settings.projectId },
);
const auth = getAuth(app);
if (settings.mode === 'emulator') {
  connectAuthEmulator(auth, await storeOrigin(), { disableWarnings: true });
}

export const usingEmulator = settings.mode === 'emulator';

export interface IdentityResult {
  email: string;
  idToken: string;
  name?: string;
}

export async function signInWithPassword(email: string, password: string): Promise<IdentityResult> {
  const { user } = await signInWithEmailAndPassword(auth, email, password);
  return { email: user.email ?? email, idToken: await user.getIdToken() };
}

/** Creates the account and sets its display name before the first token is taken. */
export async function registerWithPassword(
  name: string,
  email: string,
  password: string,
): Promise<IdentityResult> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName: name });
  return { email: user.email ?? email, idToken: await user.getIdToken(true), name };
}

export async function signInWithGoogle(): Promise<IdentityResult> {
  const { user } = await signInWithPopup(auth, new GoogleAuthProvider());
  if (!user.email) throw Object.assign(new Error('no e-mail'), { code: 'auth/invalid-email' });
  return {
    email: user.email,
    idToken: await user.getIdToken(),
    ...(user.displayName && { name: user.displayName }),
  };
}

/** Keeps Firebase's profile in step when the user renames themselves in My Profile. */
export async function updateDisplayName(name: string): Promise<void> {
  if (auth.currentUser) await updateProfile(auth.currentUser, { displayName: name });
}

export const signOutIdentity = () => signOut(auth);

/** The link to choose a new password (with the emulator: listed on its page of links, README). */
export const sendPasswordReset = (email: string) => sendPasswordResetEmail(auth, email);

// Kept beside the functions below that use it (imports are hoisted, so this is only layout).
import { sendEmailVerification } from 'firebase/auth';

/**
 * The signed-in identity, fresh from the provider: whether its e-mail is verified, and an ID
 * token taken now (so it carries the current verification). Undefined when signed out.
 */
export async function refreshIdentity(): Promise<(IdentityResult & { emailVerified: boolean }) | undefined> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email) return undefined;
  // The link may have been followed in another tab or on another device.
  await user.reload();
  return { email: user.email, idToken: await user.getIdToken(true), emailVerified: user.emailVerified };
}

/** Sends the "verify your e-mail" link to the signed-in identity. */
export async function sendVerificationEmail(): Promise<void> {
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error('signed out');
  await sendEmailVerification(auth.currentUser);
}
