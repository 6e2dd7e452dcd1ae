import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { currentUser } from '../auth/guards.js';
import { emailDigest } from './email-digest.js';

/** Limits one account's writes (decision 024): mounted after `requireUser`, which names the account. */
export interface AccountLimit {
  /** Names the limit's counters (its Redis keys start with the prefix, then this). */
  name: string;
  limit: number;
  windowMs: number;
  /** The 429's message (packages/shared messages). */
  message: string;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A write refused with 429 once the account made `limit` of them in the window, in the sign-in
 * limit's style (features/users/handlers.ts). Counted per account, not per address: one free account could
 * otherwise post from as many addresses as it has. Every attempt counts, refused and failed ones
 * too: a refused order still costs the store its checks (an order's are a call of the placement
 * function), so a loop of bad requests is as much a flood as a loop of good ones. `store(name)`
 * is where the counts live: with REDIS_URL, shared by every instance
 * (lib/shared-rate-limit-store.ts); else in this process.
 */
export function accountLimiter(
  { name, limit, windowMs, message }: AccountLimit,
  store: (name: string) => Store | undefined,
): RequestHandler {
  const shared = store(name);
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    ...(shared && { store: shared }),
    keyGenerator: (_req, res) => emailDigest(currentUser(res).email),
    handler: (_req, res) => {
      res.status(429).json({ message });
    },
  });
}
