import type { User } from '@store/shared';

/** Who is calling, as services see it: no database row, no token. */
export type Caller = Pick<User, 'email' | 'name' | 'role'> & {
  /** The identity provider's word at the caller's last sign-in exchange. */
  emailVerified: boolean;
};

/**
 * Admin powers: the admin role and a verified e-mail (docs/architecture.md, 'Admin powers').
 * Anyone can create an unverified account for any address, so a role granted to one waits until
 * its inbox is proven.
 */
export const hasAdminPowers = (caller: Pick<Caller, 'role' | 'emailVerified'> | undefined): boolean =>
  caller?.role === 'admin' && caller.emailVerified;

/** What the guard needs to know of a caller to trust their token (auth/tokens.ts). */
export interface CallerRecord extends Caller {
  tokenVersion: number;
  createdAt: Date;
}

/** Looks a caller up by e-mail; given to the guard by the app, which knows where users live. */
export type FindCaller = (email: string) => Promise<CallerRecord | undefined>;
