import { apiMessages, type PaginationQuery, type SignInResponse, type User } from '@store/shared';
import { type IdentityProvider, InvalidIdentityToken } from '../../auth/identity.js';
import type { TokenService } from '../../auth/tokens.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { UserRow, UsersRepo } from './repo.js';

const toUser = ({ email, name, role }: Pick<UserRow, 'email' | 'name' | 'role'>): User => ({
  email,
  name,
  role,
});

export interface UsersServiceDeps {
  repo: UsersRepo;
  identity: IdentityProvider;
  tokens: TokenService;
  adminEmails: string[];
}

export function createUsersService({ repo, identity, tokens, adminEmails }: UsersServiceDeps) {
  const issue = (user: Pick<UserRow, 'email' | 'name'>) =>
    tokens.issue({ email: user.email, name: user.name });

  return {
    /**
     * Exchanges a Firebase ID token for our API token. The e-mail in the path must be the
     * token's: the spec's backend trusted the path, we do not.
     */
    async signIn(input: {
      idToken: string;
      email: string;
      name?: string | undefined;
    }): Promise<SignInResponse> {
      let verified: Awaited<ReturnType<IdentityProvider['verifyIdToken']>>;
      try {
        verified = await identity.verifyIdToken(input.idToken);
      } catch (error) {
        if (error instanceof InvalidIdentityToken) throw new HttpError(401, apiMessages.identityInvalid);
        throw error;
      }
      if (verified.email !== input.email) throw new HttpError(403, apiMessages.identityMismatch);

      const existing = await repo.find(verified.email);
      const name =
        input.name ?? verified.name ?? existing?.name ?? verified.email.split('@')[0] ?? verified.email;
      const row = await repo.upsert({
        email: verified.email,
        name,
        promote: adminEmails.includes(verified.email),
      });
      return { result: { acknowledged: true, created: row.created, user: toUser(row) }, token: issue(row) };
    },

    /** Admin status of `email`, for that user or an admin (spec §6). */
    async isAdmin(requester: UserRow, email: string) {
      if (requester.email !== email && requester.role !== 'admin')
        throw new HttpError(403, apiMessages.forbidden);
      const user = requester.email === email ? requester : await repo.find(email);
      return { admin: user?.role === 'admin' };
    },

    async list(query: PaginationQuery): Promise<Page<User>> {
      const { items, total } = await repo.list(toOffset(query));
      return { items: items.map(toUser), total };
    },

    async makeAdmin(email: string) {
      const { matchedCount, modifiedCount } = await repo.makeAdmin(email);
      if (matchedCount === 0) throw notFound(apiMessages.userNotFound);
      return { acknowledged: true, matchedCount, modifiedCount };
    },

    async remove(requester: UserRow, email: string) {
      if (requester.email === email) throw new HttpError(409, apiMessages.cannotRemoveSelf);
      const outcome = await repo.removeKeepingAnAdmin(email);
      if (outcome === 'not-found') throw notFound(apiMessages.userNotFound);
      if (outcome === 'last-admin') throw new HttpError(409, apiMessages.lastAdmin);
      // Without this the person could sign straight back in; their orders keep name and e-mail.
      await identity.deleteUserByEmail(email);
      return { acknowledged: true, deletedCount: 1 };
    },

    async rename(requester: UserRow, name: string) {
      const row = await repo.rename(requester.email, name);
      if (!row) throw new HttpError(401, apiMessages.sessionInvalid);
      return { user: toUser(row), token: issue(row) };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
