import { apiMessages } from '@store/shared';
import type { Request, RequestHandler, Response } from 'express';
import { Forbidden, Unauthenticated } from '../lib/domain-errors.js';
import { jsonBody } from '../lib/json-body.js';
import { type Caller, type FindCaller, hasAdminPowers } from './caller.js';
import { type TokenService, tokenMatches } from './tokens.js';

declare global {
  namespace Express {
    interface Locals {
      user?: Caller;
      /** When the caller's sign-in happened (seconds): a token issued for them keeps it. */
      signedInAt?: number;
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
 * Requires our API token and looks the caller up on every request, so a role change or a
 * removal takes effect at once: a token issued for an earlier version of the user (before a
 * role change) or for an earlier user of that e-mail (before a removal) is refused. Only then
 * is a JSON body read (lib/json-body.ts): a refused caller's body never is.
 */
export function requireUser(tokens: TokenService, findCaller: FindCaller): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token) throw refused(req, res, apiMessages.signInRequired);
    const holder = tokens.verify(token);
    const found = holder ? await findCaller(holder.email) : undefined;
    if (!holder || !found || !tokenMatches(holder, found))
      throw refused(req, res, apiMessages.sessionInvalid);
    const { email, name, role, emailVerified } = found;
    res.locals.user = { email, name, role, emailVerified };
    res.locals.signedInAt = holder.signedInAt;
    (res.locals.jsonBody ?? jsonBody)(req, res, next);
  };
}

/**
 * A 401. With a body still on its way, the connection closes after the answer: keeping it alive
 * would mean reading (and throwing away) the rest of a body we never wanted, for as long as the
 * client cares to send it.
 */
function refused(req: Request, res: Response, message: string): Unauthenticated {
  if (!req.complete) res.set('Connection', 'close');
  return new Unauthenticated(message);
}

export const requireAdmin: RequestHandler = (_req, res, next) => {
  const user = currentUser(res);
  if (user.role !== 'admin') throw new Forbidden(apiMessages.forbidden);
  // The role may be granted before the e-mail is verified; its powers start only after.
  if (!hasAdminPowers(user)) throw new Forbidden(apiMessages.adminNeedsVerifiedEmail);
  next();
};

export function currentUser(res: Response): Caller {
  const { user } = res.locals;
  if (!user) throw new Unauthenticated(apiMessages.signInRequired);
  return user;
}

/** The signed-in caller's sign-in time (seconds), for a new token of the same session. */
export function currentSignIn(res: Response): number {
  const { signedInAt } = res.locals;
  if (signedInAt === undefined) throw new Unauthenticated(apiMessages.signInRequired);
  return signedInAt;
}
