import type { Profile, ProfileDefaults, ProfileUpdate, SignInResponse, User } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import type { IdentityResult } from '../../lib/firebase';
import { session } from '../../lib/session';

export const authKeys = {
  admin: (email: string) => ['auth', 'admin', email] as const,
  /** My Profile's defaults and what checkout starts from: an order placed changes the latter. */
  profile: (email: string) => ['auth', 'profile', email] as const,
};

/** Trades a Firebase ID token for our API token (PUT /api/user/:email) and starts the session. */
export async function startSession(identity: IdentityResult): Promise<SignInResponse> {
  const response = await apiJson(`/user/${encodeURIComponent(identity.email)}`, 'signInResponseSchema', {
    method: 'PUT',
    auth: { bearer: identity.idToken },
    body: identity.name ? { name: identity.name } : {},
  });
  session.set(response.token);
  return response;
}

/** Admin status is asked of the backend per signed-in e-mail (spec §6). */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) =>
      apiJson(`/admin/${encodeURIComponent(email)}`, 'adminStatusSchema', { auth: true, signal }),
    staleTime: 60_000,
  });

export async function renameProfile(input: ProfileUpdate): Promise<User> {
  const { user, token } = await apiJson('/profile', 'profileResultSchema', {
    method: 'PATCH',
    auth: true,
    body: input,
  });
  session.set(token);
  return user;
}

/** The signed-in customer's defaults, and the phone and address checkout starts from. */
export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.profile(email),
    queryFn: ({ signal }) => apiJson('/profile', 'profileSchema', { auth: true, signal }),
  });

export const saveProfileDefaults = (input: ProfileDefaults): Promise<Profile> =>
  apiJson('/profile/defaults', 'profileSchema', { method: 'PUT', auth: true, body: input });
