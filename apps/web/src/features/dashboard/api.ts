import type { Profile, ProfileDefaults, ProfileUpdate, User } from '@store/shared';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

/** A new display name: the answer's token carries it, so it becomes the session's. */
export async function renameProfile(input: ProfileUpdate): Promise<User> {
  const { user, token } = await api.users.rename({ body: input });
  session.set(token);
  return user;
}

export const saveProfileDefaults = (input: ProfileDefaults): Promise<Profile> =>
  api.users.setDefaults({ body: input });
