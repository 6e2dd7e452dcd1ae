import type { ProfileUpdate, SignInResponse, User } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import type { IdentityResult } from '../../lib/firebase';
import { session } from '../../lib/session';

export const authKeys = {
  admin: (email: string) => ['auth', 'admin', email] as const,
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
