import {
  apiMessages,
  creditLimitInputSchema,
  emailParams,
  paginationQuerySchema,
  profileDefaultsSchema,
  profileUpdateSchema,
  signInBodySchema,
} from '@store/shared';
import { type Request, type RequestHandler, Router } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { bearerToken, currentSignIn, currentUser, requireAdmin } from '../../auth/guards.js';
import { Unauthenticated } from '../../lib/domain-errors.js';
import { jsonBody } from '../../lib/json-body.js';
import { sendPage } from '../../lib/pagination.js';
import { changesNothingPublic } from '../../lib/read-cache/remember.js';
import { parseInput, parseQuery } from '../../lib/validate.js';
import type { UsersService } from './service.js';

/** The e-mail in the path, as stored (emailSchema lower-cases); a malformed one is a 400. */
const emailParam = (req: Request) => parseInput(emailParams, req.params).email;

export function usersRoutes(
  service: UsersService,
  {
    requireUser,
    signInLimit,
    signInStore,
    profileLimits = [],
  }: {
    requireUser: RequestHandler;
    signInLimit: number;
    /** Where sign-ins are counted; in this process by default (lib/shared-rate-limit-store.ts). */
    signInStore?: Store | undefined;
    /** Per-account limits on profile changes (lib/account-rate-limit.ts). */
    profileLimits?: RequestHandler[];
  },
): Router {
  const router = Router();
  // Users are never in a public answer (a review keeps the name it was posted with).

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

  // Public, so its (small) body is read before the ID token is checked: after the limiter.
  router.put('/user/:email', changesNothingPublic, signInLimiter, jsonBody, async (req, res) => {
    const idToken = bearerToken(req);
    if (!idToken) throw new Unauthenticated(apiMessages.signInRequired);
    const { name } = parseInput(signInBodySchema, req.body ?? {});
    res.json(await service.signIn({ idToken, email: emailParam(req), name }));
  });

  router.get('/admin/:email', requireUser, async (req, res) => {
    res.json(await service.isAdmin(currentUser(res), emailParam(req)));
  });

  router.get('/user', requireUser, requireAdmin, async (req, res) => {
    sendPage(req, res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });

  router.put('/user/admin/:email', changesNothingPublic, requireUser, requireAdmin, async (req, res) => {
    res.json(await service.makeAdmin(emailParam(req)));
  });

  // What the user's unpaid orders may total (MAX_UNPAID_TOTAL unless set here).
  router.put(
    '/user/credit-limit/:email',
    changesNothingPublic,
    requireUser,
    requireAdmin,
    async (req, res) => {
      const { creditLimit } = parseInput(creditLimitInputSchema, req.body ?? {});
      res.json(await service.setCreditLimit(emailParam(req), creditLimit));
    },
  );

  // The block list: e-mails of removed users, each restorable.
  router.get('/users/blocked', requireUser, requireAdmin, async (req, res) => {
    sendPage(req, res, await service.listBlocked(parseQuery(paginationQuerySchema, req.query)));
  });

  router.delete(
    '/users/blocked/:email',
    changesNothingPublic,
    requireUser,
    requireAdmin,
    async (req, res) => {
      res.json(await service.restore(emailParam(req)));
    },
  );

  router.delete('/user/:email', changesNothingPublic, requireUser, requireAdmin, async (req, res) => {
    res.json(await service.remove(currentUser(res), emailParam(req)));
  });

  router.get('/profile', requireUser, async (_req, res) => {
    res.json(await service.profile(currentUser(res)));
  });

  router.put('/profile/defaults', changesNothingPublic, requireUser, ...profileLimits, async (req, res) => {
    res.json(await service.setDefaults(currentUser(res), parseInput(profileDefaultsSchema, req.body ?? {})));
  });

  router.patch('/profile', changesNothingPublic, requireUser, ...profileLimits, async (req, res) => {
    const { name } = parseInput(profileUpdateSchema, req.body ?? {});
    res.json(await service.rename(currentUser(res), name, currentSignIn(res)));
  });

  router.post('/session/refresh', changesNothingPublic, requireUser, async (_req, res) => {
    res.json(await service.refreshToken(currentUser(res), currentSignIn(res)));
  });

  router.post('/session/end', changesNothingPublic, requireUser, async (_req, res) => {
    res.json(await service.endSessions(currentUser(res)));
  });

  return router;
}
