import { sql } from 'drizzle-orm';

/**
 * Transaction-long advisory locks on one customer, by what they guard. Two-key locks (a space
 * and the e-mail's hash) live apart from the one-key lock of the migrations and from each other.
 * Where one transaction takes two, it takes them in this order (open orders, then the cart), and
 * no code takes them the other way round, so they can never wait on each other in a cycle.
 */
export const LOCK_SPACES = {
  /** Sign-in and removal of one account (users). */
  account: 7_215,
  /** Counting a customer's unpaid orders against their caps (orders). */
  openOrders: 7_216,
  /** A customer's cart: its line count, and checkout emptying it (cart, orders). */
  cart: 7_217,
} as const;

/**
 * The category tree's writes, one at a time (issue 23): a move checked against the tree as it is
 * (no cycle, no attribute key twice along a branch) cannot race another move.
 */
export const categoryTreeLock = sql`select pg_advisory_xact_lock(7218, 0)`;

/** `select pg_advisory_xact_lock(space, hashtext(email))`. */
export const customerLock = (space: keyof typeof LOCK_SPACES, email: string) =>
  sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}, hashtext(${email}))`;
