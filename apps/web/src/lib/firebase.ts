/**
 * Firebase Auth, loaded only by the pages that sign in, register, rename or sign out, so the
 * storefront's first load never pays for it. The store says at run time whether it talks to a
 * real project or to the Auth emulator, which it forwards under its own origin; nothing about
 * identity is baked into the build.
 */
import { EMULATOR_API_KEY } from '@store/shared';
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
  updateProfile,
} from 'firebase/auth';
import { loadIdentitySettings, storeOrigin } from './env';
import { googleStandInUrl, type StandInReturn } from './google-stand-in';
import { rememberReturnPath } from './return-path';
import { session } from './session';

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
      { apiKey: EMULATOR_API_KEY, projectId: settings.projectId },
);
/**
 * Our token is the session (decision 004); Firebase's user is kept beside it only for what My
 * Profile still asks of the provider (the e-mail's verification). Loaded without a session of
 * ours (to sign in, or as it ends), the SDK starts with nothing kept: it would first check the
 * user it kept with the provider (`accounts:lookup`), for a session that is over and whose token
 * the provider may refuse by now (a 400 in the console). A sign-in keeps its user from then on;
 * signing out drops the kept one without asking the provider anything.
 */
const auth = initializeAuth(app, {
  persistence: session.user() ? [indexedDBLocalPersistence, browserLocalPersistence] : inMemoryPersistence,
  // Google's popup, for a real project only: with the emulator its script would be asked for in vain.
  ...(settings.mode === 'firebase' && { popupRedirectResolver: browserPopupRedirectResolver }),
});
/** Keeps the user just signed in, for the session it starts (replacing any kept before). */
const keep = () => auth.setPersistence(indexedDBLocalPersistence);
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
  await keep();
  return { email: user.email ?? email, idToken: await user.getIdToken() };
}

/** Creates the account and sets its display name before the first token is taken. */
export async function registerWithPassword(
  name: string,
  email: string,
  password: string,
): Promise<IdentityResult> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await keep();
  await updateProfile(user, { displayName: name });
  return { email: user.email ?? email, idToken: await user.getIdToken(true), name };
}

async function googleIdentity(user: User): Promise<IdentityResult> {
  if (!user.email) throw Object.assign(new Error('no e-mail'), { code: 'auth/invalid-email' });
  await keep();
  return {
    email: user.email,
    idToken: await user.getIdToken(),
    ...(user.displayName && { name: user.displayName }),
  };
}

const authError = (code: string) => Object.assign(new Error(code), { code });

/**
 * 'Continue with google'. A real project: Google's popup, and the identity. The emulator: this
 * tab leaves for its stand-in page (lib/google-stand-in.ts), which comes back to `back` for
 * finishGoogleStandIn(); nothing to return, and `returnTo` is where signing in leads then.
 */
export async function signInWithGoogle(
  back: StandInReturn,
  returnTo?: string,
): Promise<IdentityResult | undefined> {
  if (settings.mode === 'firebase')
    return googleIdentity((await signInWithPopup(auth, new GoogleAuthProvider())).user);
  const url = googleStandInUrl(await storeOrigin(), back);
  // Asked first, so the answer shows here: the store serves the page to browsers on its own
  // machine only (403 elsewhere), and only while the emulator answers.
  const check = await fetch(url, { method: 'HEAD', cache: 'no-store' }).catch(() => undefined);
  if (check?.status === 403) throw authError('auth/operation-not-allowed');
  if (!check?.ok) throw authError('auth/network-request-failed');
  if (returnTo) rememberReturnPath(returnTo);
  window.location.assign(url);
  return undefined;
}

/** Signs in with the made-up Google credential the emulator's stand-in page handed back. */
export async function finishGoogleStandIn(idToken: string): Promise<IdentityResult> {
  return googleIdentity((await signInWithCredential(auth, GoogleAuthProvider.credential(idToken))).user);
}

/** Keeps Firebase's profile in step when the user renames themselves in My Profile. */
export async function updateDisplayName(name: string): Promise<void> {
  if (auth.currentUser) await updateProfile(auth.currentUser, { displayName: name });
}

/** Drops Firebase's user, the one kept in this browser too, asking the provider nothing. */
export async function signOutIdentity(): Promise<void> {
  await keep();
  await signOut(auth);
}

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
