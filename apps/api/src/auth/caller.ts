import type { User } from '@store/shared';

/** Who is calling, as services see it: no database row, no token. */
export type Caller = Pick<User, 'email' | 'name' | 'role'>;

/** What the guard needs to know of a caller to trust their token (auth/tokens.ts). */
export interface CallerRecord extends Caller {
  tokenVersion: number;
  createdAt: Date;
}

/** Looks a caller up by e-mail; given to the guard by the app, which knows where users live. */
export type FindCaller = (email: string) => Promise<CallerRecord | undefined>;
