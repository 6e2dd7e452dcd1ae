import {
  apiMessages,
  emailSchema,
  paginationQuerySchema,
  profileUpdateSchema,
  signInBodySchema,
} from '@store/shared';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { bearerToken, currentUser, requireAdmin } from '../../auth/guards.js';
import { IdentityUnavailable } from '../../auth/identity.js';
import { HttpError } from '../../lib/http-error.js';
import { sendPage } from '../../lib/pagination.js';
import { parseInput, parseQuery } from '../../lib/validate.js';
import type { UsersService } from './service.js';

/** E-mails in paths are compared lower-cased, as they are stored. */
const emailParam = (req: Request) => parseInput(emailSchema, req.params.email).toLowerCase();

/** How long a client should wait before asking again while the identity provider is down. */
const IDENTITY_RETRY_AFTER_SECONDS = 30;

/** The identity provider did not answer: 503 with Retry-After, in words that fit the action. */
const whenIdentityDown =
  (message: string): ErrorRequestHandler =>
  (error, _req, res, next) => {
    if (!(error instanceof IdentityUnavailable)) return next(error);
    res.status(503).set('Retry-After', String(IDENTITY_RETRY_AFTER_SECONDS)).json({ message });
  };

export function usersRoutes(
  service: UsersService,
  { requireUser, signInLimit }: { requireUser: RequestHandler; signInLimit: number },
): Router {
  const router = Router();

  const signInLimiter = rateLimit({
    windowMs: 15 * 60_000,
    limit: signInLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message: apiMessages.tooManySignIns });
    },
  });

  router.put(
    '/user/:email',
    signInLimiter,
    async (req: Request, res: Response) => {
      const idToken = bearerToken(req);
      if (!idToken) throw new HttpError(401, apiMessages.signInRequired);
      const { name } = parseInput(signInBodySchema, req.body ?? {});
      res.json(await service.signIn({ idToken, email: emailParam(req), name }));
    },
    whenIdentityDown(apiMessages.identityUnavailable),
  );

  router.get('/admin/:email', requireUser, async (req, res) => {
    res.json(await service.isAdmin(currentUser(res), emailParam(req)));
  });

  router.get('/user', requireUser, requireAdmin, async (req, res) => {
    sendPage(res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });

  router.put('/user/admin/:email', requireUser, requireAdmin, async (req, res) => {
    res.json(await service.makeAdmin(emailParam(req)));
  });

  // The block list: e-mails of removed users, each restorable.
  router.get('/users/blocked', requireUser, requireAdmin, async (req, res) => {
    sendPage(res, await service.listBlocked(parseQuery(paginationQuerySchema, req.query)));
  });

  router.delete('/users/blocked/:email', requireUser, requireAdmin, async (req, res) => {
    res.json(await service.restore(emailParam(req)));
  });

  router.delete(
    '/user/:email',
    requireUser,
    requireAdmin,
    async (req: Request, res: Response) => {
      res.json(await service.remove(currentUser(res), emailParam(req)));
    },
    whenIdentityDown(apiMessages.removalUnfinished),
  );

  router.patch('/profile', requireUser, async (req, res) => {
    const { name } = parseInput(profileUpdateSchema, req.body ?? {});
    res.json(await service.rename(currentUser(res), name));
  });

  return router;
}
