import { audit } from './audit.js';
import { cart } from './cart.js';
import { categories } from './categories.js';
import type { RouteContract } from './define.js';
import { docs, health, identity, settings } from './docs.js';
import { invoices, orders, outbox } from './orders.js';
import { overview } from './overview.js';
import { images, parts } from './parts.js';
import { payments } from './payments.js';
import { reviews } from './reviews.js';
import type { RouteTable } from './route-table.js';
import { users } from './users.js';

export * from './define.js';
export * from './route-table.js';

/**
 * The API's contract: every route, who may call it, what it takes and what it answers, built
 * from the same zod schemas the API validates with and the web forms use. The API mounts its
 * routes from it (apps/api/src/lib/register-routes.ts), generates its OpenAPI document from it
 * and, in tests, checks every answer against it; the web's typed client is inferred from it.
 */
export const contract = {
  docs,
  health,
  identity,
  settings,
  parts,
  categories,
  images,
  reviews,
  orders,
  cart,
  invoices,
  payments,
  outbox,
  overview,
  audit,
  users,
} satisfies { [F in keyof RouteTable]: Record<keyof RouteTable[F], RouteContract> };

export type Contract = typeof contract;

/** A route with its id: `orders.place` is `contract.orders.place`. */
export type IdentifiedRoute = RouteContract & { id: string };

/** Every route, in the order of the table. */
export const apiContract: readonly IdentifiedRoute[] = Object.entries(contract).flatMap(([feature, routes]) =>
  Object.entries(routes).map(([name, route]): IdentifiedRoute => ({ ...route, id: `${feature}.${name}` })),
);

/** The contract of `method path` (Express-style path), if the API has such a route. */
export function findRoute(method: string, path: string): IdentifiedRoute | undefined {
  const m = method.toLowerCase();
  return apiContract.find((route) => route.method === m && route.path === path);
}
