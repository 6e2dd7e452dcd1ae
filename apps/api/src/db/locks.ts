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
 * The category tree's writes, one at a time: a move checked against the tree as it is (no cycle,
 * no attribute key twice along a branch) cannot race another move.
 */
export const categoryTreeLock = sql`select pg_advisory_xact_lock(7218, 0)`;

/**
 * The same lock, shared: taken by a write that sets a part's category or attribute values, which
 * judges them against the tree as it is until its commit. Part writes never wait on each other;
 * a category write (which refuses to retype a key parts still hold) waits for them, and they for
 * it, so a retype and a part edit cannot each pass its check against the other's old state.
 */
export const categoryTreeReadLock = sql`select pg_advisory_xact_lock_shared(7218, 0)`;

/** `select pg_advisory_xact_lock(space, hashtext(email))`. */
export const customerLock = (space: keyof typeof LOCK_SPACES, email: string) =>
  sql`select pg_advisory_xact_lock(${LOCK_SPACES[space]}, hashtext(${email}))`;
