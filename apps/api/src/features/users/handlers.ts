import { apiMessages } from '@store/shared';
import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { UsersService } from './service.js';

/** Users are never in a public answer (a review keeps the name it was posted with): no write here changes one. */
export function usersHandlers(
  service: UsersService,
  {
    signInLimit,
    signInStore,
    profileLimits = [],
  }: {
    signInLimit: number;
    /** Where sign-ins are counted; in this process by default (lib/shared-rate-limit-store.ts). */
    signInStore?: Store | undefined;
    /** Per-account limits on profile changes (lib/account-rate-limit.ts). */
    profileLimits?: RequestHandler[];
  },
) {
  const signInLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: signInLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(signInStore && { store: signInStore }),
    handler: (_req, res) => {
      res.status(429).json({ message: apiMessages.tooManySignIns });
    },
  });

  return {
    signIn: {
      changes: [],
      throttle: [signInLimiter],
      handle: ({ idToken, params, body }) =>
        service.signIn({ idToken, email: params.email, name: body.name }),
    },
    refreshSession: { changes: [], handle: ({ user, signedInAt }) => service.refreshToken(user, signedInAt) },
    endSession: { changes: [], handle: ({ user }) => service.endSessions(user) },
    // Another user's status is an admin's to ask: the registrar checks (owner: 'self-or-admin').
    adminStatus: { handle: ({ user, params }) => service.isAdmin(user, params.email) },
    list: { handle: ({ query }) => service.list(query) },
    // What the user's unpaid orders may total (MAX_UNPAID_TOTAL unless set here).
    setCreditLimit: {
      changes: [],
      handle: ({ user, params, body }) => service.setCreditLimit(user, params.email, body.creditLimit),
    },
    makeAdmin: { changes: [], handle: ({ user, params }) => service.makeAdmin(user, params.email) },
    // The block list: e-mails of removed users, each restorable.
    blocked: { handle: ({ query }) => service.listBlocked(query) },
    restore: { changes: [], handle: ({ user, params }) => service.restore(user, params.email) },
    remove: { changes: [], handle: ({ user, params }) => service.remove(user, params.email) },
    rename: {
      changes: [],
      limits: profileLimits,
      handle: ({ user, body, signedInAt }) => service.rename(user, body.name, signedInAt),
    },
    profile: { handle: ({ user }) => service.profile(user) },
    setDefaults: {
      changes: [],
      limits: profileLimits,
      handle: ({ user, body }) => service.setDefaults(user, body),
    },
  } satisfies FeatureHandlers<'users'>;
}
