import { apiMessages } from '@store/shared';
import type { Request, RequestHandler, Response } from 'express';
import type { UserRow, UsersRepo } from '../features/users/repo.js';
import { HttpError } from '../lib/http-error.js';
import { type TokenService, tokenMatches } from './tokens.js';

declare global {
  namespace Express {
    interface Locals {
      user?: UserRow;
    }
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Requires our API token and loads the caller from the database on every request, so a role
 * change or a removal takes effect at once: a token issued for an earlier version of the row
 * (before a role change) or for an earlier row (before a removal) is refused.
 */
export function requireUser(tokens: TokenService, users: UsersRepo): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, apiMessages.signInRequired);
    const holder = tokens.verify(token);
    const user = holder ? await users.find(holder.email) : undefined;
    if (!holder || !user || !tokenMatches(holder, user)) throw new HttpError(401, apiMessages.sessionInvalid);
    res.locals.user = user;
    next();
  };
}

export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (currentUser(res).role !== 'admin') throw new HttpError(403, apiMessages.forbidden);
  next();
};

export function currentUser(res: Response): UserRow {
  const { user } = res.locals;
  if (!user) throw new HttpError(401, apiMessages.signInRequired);
  return user;
}
