import express from 'express';

/**
 * Reads a JSON body, bounded. Never for the whole API up front: signed-in routes read theirs
 * only once the token checked out (auth/guards.ts), so an anonymous client cannot make the store
 * wait for, or hold, a body it would refuse anyway. Public routes that take a body name it.
 */
export const jsonBody = express.json({ limit: '100kb' });

/**
 * The catalog import's body (5,000 CSV rows): read, as every other, only once the caller is known
 * to be an admin's token. A route asks for it with `largeBody` (lib/route-handlers.ts).
 */
export const largeJsonBody = express.json({ limit: '8mb' });

declare global {
  namespace Express {
    interface Locals {
      /** The body reader the guard uses for this route, when not the usual one. */
      jsonBody?: typeof jsonBody;
    }
  }
}

/**
 * Reads a body as the bytes that came, whatever its content type, bounded: a payment provider
 * signs the exact bytes, so nothing may parse (and re-serialise) them before the signature is
 * checked. Stripe's events are a few kilobytes.
 */
export const rawBody = express.raw({ type: () => true, limit: '512kb' });
