import type { Profile, ProfileDefaults, ProfileUpdate, SignInResponse, User } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { IdentityResult } from '../../lib/firebase';
import { session } from '../../lib/session';
import { mergeVisitorCart } from '../cart';

export const authKeys = {
  admin: (email: string) => ['auth', 'admin', email] as const,
  /** My Profile's defaults and what checkout starts from: an order placed changes the latter. */
  profile: (email: string) => ['auth', 'profile', email] as const,
};

/**
 * Trades a Firebase ID token for our API token (PUT /api/user/:email) and starts the session. A
 * visitor's cart is added to the account's first, with the new token, so the page drawn signed in
 * already shows it (decision 041); a failed merge never stops the sign-in (its lines stay in the
 * browser and are merged later).
 */
export async function startSession(identity: IdentityResult): Promise<SignInResponse> {
  const response = await api.users.signIn({
    params: { email: identity.email },
    bearer: identity.idToken,
    body: identity.name ? { name: identity.name } : {},
  });
  await mergeVisitorCart(response.token).catch(() => undefined);
  session.set(response.token);
  return response;
}

/** Admin status is asked of the backend per signed-in e-mail (spec §6). */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) => api.users.adminStatus({ params: { email }, signal }),
    staleTime: 60_000,
  });

export async function renameProfile(input: ProfileUpdate): Promise<User> {
  const { user, token } = await api.users.rename({ body: input });
  session.set(token);
  return user;
}

/** The signed-in customer's defaults, and the phone and address checkout starts from. */
export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.profile(email),
    queryFn: ({ signal }) => api.users.profile({ signal }),
  });

export const saveProfileDefaults = (input: ProfileDefaults): Promise<Profile> =>
  api.users.setDefaults({ body: input });
