import { type JwtPayload, jwtDecode } from 'jwt-decode';
import { useSyncExternalStore } from 'react';
import { forgetAllDrafts } from './session-drafts';

/**
 * The signed-in session: our API token, kept in localStorage under `accessToken`.
 * Its payload (e-mail, name, expiry) is read here for display only; the API verifies it.
 * Firebase's own session is only needed to sign in and out, so it stays out of the entry bundle.
 */
const STORAGE_KEY = 'accessToken';

export interface SessionUser {
  email: string;
  name: string;
  /** The store's view of the e-mail when it issued the token (admin powers need it verified). */
  emailVerified: boolean;
}

interface Session {
  token: string;
  user: SessionUser;
  expiresAt: number;
}

/** Reads the claims the display needs; anything else in the token is the API's business. */
function decode(token: string): Session | undefined {
  let claims: JwtPayload & { name?: unknown; verified?: unknown };
  try {
    claims = jwtDecode(token);
  } catch {
    return undefined;
  }
  const { sub, exp, name, verified } = claims;
  if (typeof sub !== 'string' || typeof exp !== 'number') return undefined;
  return {
    token,
    user: {
      email: sub,
      name: typeof name === 'string' && name ? name : sub,
      emailVerified: verified === true,
    },
    expiresAt: exp * 1000,
  };
}

function readStored(): Session | undefined {
  // Not `typeof localStorage`: newer Node versions have a global one that cannot be read (the
  // store renders pages with this module).
  const token = typeof window === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  const session = token ? decode(token) : undefined;
  return session && session.expiresAt > Date.now() ? session : undefined;
}

let current = readStored();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== STORAGE_KEY) return;
    current = readStored();
    if (!current) forgetAllDrafts();
    notify();
  });
}

export const session = {
  token(): string | undefined {
    if (current && current.expiresAt <= Date.now()) session.clear();
    return current?.token;
  },
  user(): SessionUser | undefined {
    return current?.user;
  },
  /** When the token expires (milliseconds), while signed in. */
  expiresAt(): number | undefined {
    return current?.expiresAt;
  },
  set(token: string) {
    localStorage.setItem(STORAGE_KEY, token);
    current = decode(token);
    notify();
  },
  clear() {
    localStorage.removeItem(STORAGE_KEY);
    // What this tab's person typed and has not sent goes with their session.
    forgetAllDrafts();
    if (!current) return;
    current = undefined;
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSessionUser(): SessionUser | undefined {
  return useSyncExternalStore(session.subscribe, session.user, () => undefined);
}
