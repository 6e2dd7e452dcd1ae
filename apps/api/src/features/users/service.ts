import {
  apiMessages,
  type BlockedEmail,
  type CreditLimitResult,
  type DeleteResult,
  fromCents,
  type PaginationQuery,
  type Profile,
  type ProfileDefaults,
  providerDisplayName,
  type SessionEnded,
  type SessionToken,
  type SignInResponse,
  type StoreContact,
  toCents,
  type UpdateResult,
  type User,
  type UserListItem,
} from '@store/shared';
import { type Caller, hasAdminPowers } from '../../auth/caller.js';
import {
  IDENTITY_RETRY_AFTER_SECONDS,
  type IdentityProvider,
  IdentityUnavailable,
  InvalidIdentityToken,
  type VerifiedIdentity,
} from '../../auth/identity.js';
import type { TokenService } from '../../auth/tokens.js';
import { Conflict, Forbidden, NotFound, Unauthenticated, Unavailable } from '../../lib/domain-errors.js';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { AuditRecord, AuditTrail } from '../audit/index.js';
import type { UserRow, UsersRepo } from './repo.js';

/** The identity provider did not answer: the caller may retry, told in words that fit the action. */
async function whileIdentityReachable<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityUnavailable) {
      throw new Unavailable(message, IDENTITY_RETRY_AFTER_SECONDS, { cause: error });
    }
    throw error;
  }
}

const toUser = ({ email, name, role }: Pick<Caller, 'email' | 'name' | 'role'>): User => ({
  email,
  name,
  role,
});

function toProfile(
  row: UserRow,
  last: { phone: string; address: string } | undefined,
  credit: Profile['credit'],
): Profile {
  const { email, name, role, emailVerified, phone, address, companyName, vatNumber } = row;
  return {
    email,
    name,
    role,
    emailVerified,
    phone,
    address,
    companyName,
    vatNumber,
    checkout: { phone: phone ?? last?.phone ?? null, address: address ?? last?.address ?? null },
    credit,
  };
}

export interface UsersServiceDeps {
  repo: UsersRepo;
  /** Where admins' changes to users, and admins' sign-ins, are recorded in their own transaction. */
  audit: AuditTrail;
  identity: IdentityProvider;
  tokens: TokenService;
  adminEmails: string[];
  /** MAX_UNPAID_TOTAL in cents: the credit limit of a user without one of their own. */
  defaultCreditLimitCents: number;
  /**
   * The phone and address of the customer's newest order, if any (checkout's fallback): asked of
   * the orders side, which keeps orders.
   */
  lastOrderContact: (email: string) => Promise<{ phone: string; address: string } | undefined>;
  /** What the customer's unpaid orders total now, in cents: asked of the orders side too. */
  unpaidTotalCents: (email: string) => Promise<number>;
  /** STORE_EMAIL and STORE_PHONE: a removed account's refusal names them. */
  contact?: StoreContact;
}

/** A user as an audit entry names them: by e-mail (their id here), with their name then. */
const userTarget = (email: string, name = ''): AuditRecord['target'] => ({
  type: 'user',
  id: email,
  label: name || email,
});

export function createUsersService({
  repo,
  audit,
  identity,
  tokens,
  adminEmails,
  defaultCreditLimitCents,
  lastOrderContact,
  unpaidTotalCents,
  contact,
}: UsersServiceDeps) {
  /** The profile with what the account may still order on credit (the cart's credit line). */
  async function profileOf(row: UserRow): Promise<Profile> {
    const [last, unpaid] = await Promise.all([lastOrderContact(row.email), unpaidTotalCents(row.email)]);
    return toProfile(row, last, {
      limit: fromCents(row.creditLimitCents ?? defaultCreditLimitCents),
      unpaid: fromCents(unpaid),
    });
  }

  /** The admins' list: the user and the credit limit that applies to them, in dollars. */
  const toListItem = (row: UserRow): UserListItem => ({
    ...toUser(row),
    creditLimit: fromCents(row.creditLimitCents ?? defaultCreditLimitCents),
    customCreditLimit: row.creditLimitCents !== null,
    emailVerified: row.emailVerified,
  });

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
      let verified: VerifiedIdentity;
      try {
        verified = await whileIdentityReachable(apiMessages.identityUnavailable, () =>
          identity.verifyIdToken(input.idToken),
        );
      } catch (error) {
        if (error instanceof InvalidIdentityToken) throw new Unauthenticated(apiMessages.identityInvalid);
        throw error;
      }
      if (verified.email !== input.email) throw new Forbidden(apiMessages.identityMismatch);

      const outcome = await repo.inTransaction(async (rows, tx) => {
        const signedIn = await rows.signIn({
          email: verified.email,
          // Only an account without a name takes one from here: later sign-ins keep the store's.
          // The body's passed displayNameSchema; the provider's is whatever its client set
          // (line breaks, escapes, a NUL, 5,000 characters), so it is made to follow the same rules.
          name: input.name ?? providerDisplayName(verified.name, verified.email),
          // Anyone can create an unverified account for any address: power needs the inbox.
          promote: verified.emailVerified && adminEmails.includes(verified.email),
          emailVerified: verified.emailVerified,
        });
        // An admin's sign-in is in the trail (who held admin powers, and when), with the sign-in.
        if (signedIn !== 'blocked' && hasAdminPowers(signedIn)) {
          await audit.record(tx, {
            actor: signedIn.email,
            action: 'admin.sign-in',
            target: userTarget(signedIn.email, signedIn.name),
          });
        }
        return signedIn;
      });
      if (outcome === 'blocked') throw new Forbidden(apiMessages.accountRemoved(contact));
      const { created, ...row } = outcome;
      return { result: { acknowledged: true, created, user: toUser(row) }, token: tokens.issue(row) };
    },

    /**
     * Admin status of `email`, for that user or an admin (the web app asks here, never reading a
     * role from its token): admin powers, so an admin role still waiting for its e-mail's
     * verification answers false (no admin menu).
     */
    async isAdmin(requester: Caller, email: string) {
      if (requester.email !== email && !hasAdminPowers(requester)) throw new Forbidden(apiMessages.forbidden);
      const user = requester.email === email ? requester : await repo.find(email);
      return { admin: hasAdminPowers(user) };
    },

    async list(query: PaginationQuery): Promise<Page<UserListItem>> {
      const { items, total } = await repo.list(toOffset(query));
      return { items: items.map(toListItem), total };
    },

    /** An admin's: `creditLimit` in dollars (2 decimals at most, checked by the schema), or null. */
    async setCreditLimit(
      admin: Caller,
      email: string,
      creditLimit: number | null,
    ): Promise<CreditLimitResult> {
      const cents = creditLimit === null ? null : toCents(creditLimit);
      const outcome = await repo.inTransaction(async (rows, tx) => {
        const was = await rows.findForUpdate(email);
        if (!was) throw new NotFound(apiMessages.userNotFound);
        const set = await rows.setCreditLimit(email, cents);
        if (set?.modified) {
          // null: the store's default (MAX_UNPAID_TOTAL) applies.
          const limit = (c: number | null) => (c === null ? null : fromCents(c));
          await audit.record(tx, {
            actor: admin.email,
            action: 'user.credit-limit',
            target: userTarget(email, was.name),
            before: { creditLimit: limit(was.creditLimitCents) },
            after: { creditLimit: limit(cents) },
          });
        }
        return set;
      });
      if (!outcome) throw new NotFound(apiMessages.userNotFound);
      return {
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: outcome.modified ? 1 : 0,
        user: toListItem(outcome.row),
      };
    },

    async makeAdmin(admin: Caller, email: string): Promise<UpdateResult> {
      const { matchedCount, modifiedCount } = await repo.inTransaction(async (rows, tx) => {
        const was = await rows.findForUpdate(email);
        const made = await rows.makeAdmin(email);
        if (was && made.modifiedCount > 0) {
          await audit.record(tx, {
            actor: admin.email,
            action: 'user.role',
            target: userTarget(email, was.name),
            before: { role: was.role },
            after: { role: 'admin' },
          });
        }
        return made;
      });
      if (matchedCount === 0) throw new NotFound(apiMessages.userNotFound);
      return { acknowledged: true, matchedCount, modifiedCount };
    },

    /**
     * Blocks the e-mail and deletes the row, in one transaction. The login at the identity
     * provider stays (decision 031): the block list refuses it, and a person who proves it is
     * theirs (the right password) is told the account was removed, which an unknown e-mail is not.
     */
    async remove(requester: Caller, email: string): Promise<DeleteResult> {
      if (requester.email === email) throw new Conflict(apiMessages.cannotRemoveSelf);
      const outcome = await repo.inTransaction(async (rows, tx) => {
        const removed = await rows.removeAndBlock(email, requester.email);
        if (typeof removed === 'object') {
          const { name, role } = removed.deleted;
          await audit.record(tx, {
            actor: requester.email,
            action: 'user.remove',
            target: userTarget(email, name),
            before: { name, role },
          });
        }
        return removed;
      });
      if (outcome === 'not-found') throw new NotFound(apiMessages.userNotFound);
      if (outcome === 'last-admin') throw new Conflict(apiMessages.lastAdmin);
      return { acknowledged: true, deletedCount: typeof outcome === 'object' ? 1 : 0 };
    },

    async listBlocked(query: PaginationQuery): Promise<Page<BlockedEmail>> {
      const { items, total } = await repo.listBlocked(toOffset(query));
      return {
        items: items.map(({ email, blockedBy, createdAt }) => ({
          email,
          blockedBy,
          blockedAt: createdAt.toISOString(),
        })),
        total,
      };
    },

    /** Lets a removed person sign in again (as a new customer: their old row is gone). */
    async restore(admin: Caller, email: string): Promise<DeleteResult> {
      await repo.inTransaction(async (rows, tx) => {
        if (!(await rows.unblock(email))) throw new NotFound(apiMessages.notBlocked);
        await audit.record(tx, { actor: admin.email, action: 'user.restore', target: userTarget(email) });
      });
      return { acknowledged: true, deletedCount: 1 };
    },

    /** My Profile: the caller's defaults, and what checkout starts from (each default, else the last order's). */
    async profile(requester: Caller): Promise<Profile> {
      const row = await repo.find(requester.email);
      if (!row) throw new Unauthenticated(apiMessages.sessionInvalid);
      return profileOf(row);
    },

    async setDefaults(requester: Caller, input: ProfileDefaults): Promise<Profile> {
      const row = await repo.setDefaults(requester.email, {
        phone: input.phone ?? null,
        address: input.address ?? null,
        companyName: input.companyName ?? null,
        vatNumber: input.vatNumber ?? null,
      });
      if (!row) throw new Unauthenticated(apiMessages.sessionInvalid);
      return profileOf(row);
    },

    /** The new token belongs to the same sign-in (`signedInAt`): renaming never extends a session. */
    async rename(requester: Caller, name: string, signedInAt: number) {
      const row = await repo.rename(requester.email, name);
      if (!row) throw new Unauthenticated(apiMessages.sessionInvalid);
      return { user: toUser(row), token: tokens.issue(row, signedInAt) };
    },

    /** A fresh token (an hour) for a valid one, within its sign-in's day (decision 028). */
    async refreshToken(requester: Caller, signedInAt: number): Promise<SessionToken> {
      const row = await repo.find(requester.email);
      if (!row) throw new Unauthenticated(apiMessages.sessionInvalid);
      return { token: tokens.issue(row, signedInAt) };
    },

    /**
     * Sign Out: every token of the account ends, on every device (the simplest rule that leaves
     * no copy of a token working after the person signed out).
     */
    async endSessions(requester: Caller): Promise<SessionEnded> {
      if (!(await repo.endTokens(requester.email))) throw new Unauthenticated(apiMessages.sessionInvalid);
      return { acknowledged: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
