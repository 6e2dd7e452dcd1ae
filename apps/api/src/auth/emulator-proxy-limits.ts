import { apiMessages } from '@store/shared';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { emailDigest } from '../lib/email-digest.js';

/**
 * The sign-in limit on the emulator calls the store forwards (emulator-proxy.ts): the same
 * AUTH_RATE_LIMIT per 15 minutes as `PUT /api/user`, counted twice over. Per client
 * address, every forwarded call counts: one address cannot guess passwords, try e-mails or
 * make accounts faster than that. Per account, every call that names an e-mail counts, from any
 * address: a password cannot be guessed from many addresses at once either. With Redis the
 * counts are every instance's (lib/shared-rate-limit-store.ts).
 *
 * The price of the count per account: anyone can spend one account's allowance, holding its
 * owner's sign-in back for the rest of the window. Real Firebase makes the same trade.
 */
export interface ForwardedCallLimits {
  /** Calls allowed per address, and per account, per window. */
  limit: number;
  /** Where each count is kept; in this process when absent. One store per limiter. */
  stores?: { address?: Store | undefined; account?: Store | undefined };
}

const WINDOW_MS = 15 * 60_000;

/** Firebase's error answer, which the web SDK turns into an `auth/…` code. */
export function firebaseError(status: number, code: string) {
  return {
    error: { code: status, message: code, errors: [{ message: code, domain: 'global', reason: 'invalid' }] },
  };
}

/**
 * Our `{ message }` for any client, and Firebase's error for the SDK, which reads
 * TOO_MANY_ATTEMPTS_TRY_LATER as auth/too-many-requests: the login page's own message for it.
 */
function tooMany(_req: Request, res: Response) {
  res
    .status(429)
    .set('Cache-Control', 'no-store')
    .json({ message: apiMessages.tooManySignIns, ...firebaseError(429, 'TOO_MANY_ATTEMPTS_TRY_LATER') });
}

/** The JSON body of a forwarded call, as parsed by the proxy before anything counts it. */
export const parsedCall = (res: Response): Record<string, unknown> | undefined => res.locals.forwardedCall;

/** The account a call names, as a counter's key. */
function accountKey(res: Response): string | undefined {
  const email = parsedCall(res)?.email;
  if (typeof email !== 'string' || !email.trim()) return undefined;
  return emailDigest(email);
}

export function forwardedCallLimiters({ limit, stores = {} }: ForwardedCallLimits): RequestHandler[] {
  const common = {
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: tooMany,
  };
  return [
    rateLimit({ ...common, identifier: 'sign-in', ...(stores.address && { store: stores.address }) }),
    rateLimit({
      ...common,
      identifier: 'sign-in-account',
      keyGenerator: (_req, res) => accountKey(res) ?? '',
      skip: (_req, res) => accountKey(res) === undefined,
      ...(stores.account && { store: stores.account }),
    }),
  ];
}
