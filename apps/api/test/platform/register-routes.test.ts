import { randomUUID } from 'node:crypto';
import { apiContract, apiMessages, type IdentifiedRoute } from '@store/shared';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../src/lib/register-routes.js';
import type { Handlers } from '../../src/lib/route-handlers.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * The registrar (lib/register-routes.ts, decision 032): a route without a handler or a handler
 * without a route stops the store from starting, and every route's guard is the one its
 * `access` and `owner` in the contract name: checked here for every route, from the contract.
 */

/** A handler for each route of the contract, answering nothing in particular. */
function handlersFor(routes: readonly IdentifiedRoute[]): Record<string, Record<string, object>> {
  const handlers: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const [feature = '', name = ''] = route.id.split('.');
    handlers[feature] ??= {};
    handlers[feature][name] = { handle: () => ({}), ...(route.multipart && { upload: [] }) };
  }
  return handlers;
}

const register = (handlers: Record<string, Record<string, object>>) => () =>
  // The point is a map the types would refuse: the registrar must refuse it too.
  registerRoutes(express.Router(), handlers as unknown as Handlers, {
    requireUser: (_req, _res, next) => next(),
  });

describe('the registrar', () => {
  it('mounts a handler map that covers the contract exactly', () => {
    expect(register(handlersFor(apiContract))).not.toThrow();
  });

  it('refuses to start when a route of the contract has no handler, naming it', () => {
    const handlers = handlersFor(apiContract);
    delete handlers.orders?.place;
    expect(register(handlers)).toThrow(/orders\.place \(POST \/api\/order\) has no handler/);
  });

  it('refuses to start when a handler has no route in the contract, naming it', () => {
    const handlers = handlersFor(apiContract);
    if (handlers.orders) handlers.orders.refund = { handle: () => ({}) };
    handlers.wishlist = { add: { handle: () => ({}) } };
    expect(register(handlers)).toThrow(/without a route in the contract: orders\.refund, wishlist\.add/);
  });

  it('refuses a multipart route without its upload steps', () => {
    const handlers = handlersFor(apiContract);
    if (handlers.images) handlers.images.upload = { handle: () => ({}) };
    expect(register(handlers)).toThrow(/images\.upload has no upload/);
  });
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
// Fresh accounts for each route: one of them ends its caller's sessions.
beforeEach(async () => {
  customer = await accountWithToken(ctx);
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

/** The route's path with an id that names nothing and the given e-mail. */
const pathOf = (route: IdentifiedRoute, email: string) =>
  route.path.replace(':id', randomUUID()).replace(':email', encodeURIComponent(email));

const call = (route: IdentifiedRoute, email: string, auth: Record<string, string> = {}) =>
  ctx.http()[route.method](pathOf(route, email)).set(auth);

const byAccess = (access: IdentifiedRoute['access']) =>
  apiContract.filter((route) => route.access === access).map((route) => [route.id, route] as const);

describe('every route is guarded as its access says', () => {
  it.each(byAccess('admin'))('%s (admin): 401 without a token, 403 to a customer', async (_id, route) => {
    const anonymous = await call(route, customer.email);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: apiMessages.signInRequired });
    const refused = await call(route, customer.email, customer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(apiMessages.forbidden);
  });

  it.each(byAccess('signed-in'))(
    '%s (signed in): 401 without a token, not to a customer',
    async (_id, route) => {
      const anonymous = await call(route, customer.email);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ message: apiMessages.signInRequired });
      const res = await call(route, customer.email, customer.auth);
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
    },
  );

  it.each(byAccess('id-token'))('%s (ID token): 401 without one', async (_id, route) => {
    const res = await call(route, customer.email);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: apiMessages.signInRequired });
  });

  it.each(byAccess('anyone'))('%s (anyone): answered without a token', async (_id, route) => {
    const res = await call(route, customer.email);
    expect([401, 403]).not.toContain(res.status);
  });

  it('covers every route of the contract', () => {
    const covered = (['admin', 'signed-in', 'id-token', 'anyone'] as const).flatMap(byAccess);
    expect(covered).toHaveLength(apiContract.length);
  });
});

describe('the owner of the path', () => {
  const owned = (owner: IdentifiedRoute['owner']) =>
    apiContract.filter((route) => route.owner === owner).map((route) => [route.id, route] as const);

  it.each(owned('self'))("%s (self): the caller's own e-mail only, even for an admin", async (_id, route) => {
    const other = await call(route, customer.email, admin.auth);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: apiMessages.forbidden });
    expect((await call(route, admin.email, admin.auth)).status).toBe(200);
    // The path's e-mail is compared as stored (lower-cased).
    expect((await call(route, admin.email.toUpperCase(), admin.auth)).status).toBe(200);
  });

  it.each(owned('self-or-admin'))(
    "%s (self or admin): a customer's own only; an admin's any",
    async (_id, route) => {
      const other = await call(route, admin.email, customer.auth);
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ message: apiMessages.forbidden });
      expect((await call(route, customer.email, customer.auth)).status).toBe(200);
      expect((await call(route, customer.email, admin.auth)).status).toBe(200);
    },
  );

  it('has routes of both kinds to check', () => {
    expect(owned('self').length).toBeGreaterThan(0);
    expect(owned('self-or-admin').length).toBeGreaterThan(0);
  });
});
