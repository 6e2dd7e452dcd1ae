import { and, asc, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerLock } from '../../db/locks.js';
import { blockedEmails, users } from '../../db/schema.js';
import { transactional } from '../../db/transactional.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A transaction-long lock on one e-mail, shared by sign-in and removal. */
const lockEmail = (tx: Transaction, email: string) => tx.execute(customerLock('account', email));

export type UserRow = typeof users.$inferSelect;

/** The users' reads and writes on `db`: the pool, or one transaction. */
function userRows(db: Database) {
  // Every signed-in request's guard looks its caller up (auth/guards.ts): built once, and a
  // statement the database keeps planned, instead of built and planned at every request.
  const byEmail = db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .limit(1)
    .prepare('users_by_email');
  return {
    async find(email: string): Promise<UserRow | undefined> {
      const [row] = await byEmail.execute({ email });
      return row;
    },

    /** The user, locked until the transaction ends: what an admin's change is recorded as leaving. */
    async findForUpdate(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1).for('update');
      return row;
    },

    /**
     * Signs a person in: creates their row, unless their e-mail is on the block list. The name
     * fills only a row without one: the store's name is the store's, whatever the provider says
     * later. `promote` makes them admin (ADMIN_EMAILS, verified e-mail), which ends their earlier
     * tokens; a role is never lowered here.
     */
    async signIn(input: {
      email: string;
      name: string;
      promote: boolean;
      /** The provider's word on the e-mail; left as stored when not given (the admin command). */
      emailVerified?: boolean;
    }) {
      return db.transaction(async (tx) => {
        // Serialises with a removal of the same e-mail, which could otherwise land between the
        // block-list check and the insert and leave a removed user with a fresh row.
        await lockEmail(tx, input.email);
        const [blocked] = await tx
          .select({ email: blockedEmails.email })
          .from(blockedEmails)
          .where(eq(blockedEmails.email, input.email));
        if (blocked) return 'blocked' as const;
        const [row] = await tx
          .insert(users)
          .values({
            email: input.email,
            name: input.name,
            role: input.promote ? 'admin' : 'customer',
            emailVerified: input.emailVerified ?? false,
          })
          .onConflictDoUpdate({
            target: users.email,
            set: {
              ...(input.emailVerified !== undefined && { emailVerified: input.emailVerified }),
              // A row made ahead of the first sign-in (the admin command) has no name yet.
              name: sql`case when ${users.name} = '' then excluded.name else ${users.name} end`,
              ...(input.promote && {
                role: 'admin' as const,
                tokenVersion: sql`case when ${users.role} = 'admin' then ${users.tokenVersion} else ${users.tokenVersion} + 1 end`,
              }),
              updatedAt: sql`now()`,
            },
          })
          .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
        if (!row) throw new Error('upsert returned no row');
        return row;
      });
    },

    async list({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db.select().from(users).orderBy(asc(users.email)).limit(limit).offset(offset),
        db.select({ total: count() }).from(users),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    /**
     * Returns how many rows matched and how many changed (an admin already admin: 1, 0). The
     * new role ends the user's earlier tokens.
     */
    async makeAdmin(email: string) {
      const updated = await db
        .update(users)
        .set({ role: 'admin', tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(and(eq(users.email, email), ne(users.role, 'admin')))
        .returning({ email: users.email });
      if (updated.length > 0) return { matchedCount: 1, modifiedCount: 1 };
      return { matchedCount: (await this.find(email)) ? 1 : 0, modifiedCount: 0 };
    },

    /**
     * Sets the most the user's unpaid orders may total (null: the store's default). Returns the
     * row as it is now and whether it changed; undefined for an unknown user. An order being
     * placed meanwhile is judged by the limit it read under its own lock (orders/service.ts, place).
     */
    async setCreditLimit(email: string, cents: number | null) {
      const [changed] = await db
        .update(users)
        .set({ creditLimitCents: cents, updatedAt: sql`now()` })
        .where(and(eq(users.email, email), sql`${users.creditLimitCents} is distinct from ${cents}`))
        .returning();
      if (changed) return { row: changed, modified: true };
      const row = await this.find(email);
      return row && { row, modified: false };
    },

    /** My Profile's defaults (phone, address, company name, VAT number); undefined: no such user. */
    async setDefaults(
      email: string,
      defaults: {
        phone: string | null;
        address: string | null;
        companyName: string | null;
        vatNumber: string | null;
      },
    ) {
      const [row] = await db
        .update(users)
        .set({ ...defaults, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning();
      return row;
    },

    /** Ends every token issued so far to the user (Sign Out); false for an unknown user. */
    async endTokens(email: string): Promise<boolean> {
      const ended = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning({ email: users.email });
      return ended.length > 0;
    },

    async rename(email: string, name: string) {
      const [row] = await db
        .update(users)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning();
      return row;
    },

    /**
     * Blocks the e-mail and deletes the user in one transaction, unless that would leave the
     * store without an admin. The admin rows are locked first, always in the same order, so two
     * admins removing each other at once cannot both succeed (nor deadlock). An e-mail already
     * blocked and without a row is a removal to finish ('already-removed'), not an unknown user.
     * A deletion answers the row as it was.
     */
    async removeAndBlock(
      email: string,
      blockedBy: string,
    ): Promise<{ deleted: UserRow } | 'already-removed' | 'not-found' | 'last-admin'> {
      return db.transaction(async (tx) => {
        // Before any row lock: sign-in takes this lock and then the row's.
        await lockEmail(tx, email);
        const admins = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.email))
          .for('update');
        const [target] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        if (!target) {
          const [blocked] = await tx.select().from(blockedEmails).where(eq(blockedEmails.email, email));
          return blocked ? 'already-removed' : 'not-found';
        }
        if (target.role === 'admin' && admins.length <= 1) return 'last-admin';
        await tx.insert(blockedEmails).values({ email, blockedBy }).onConflictDoNothing();
        await tx.delete(users).where(eq(users.email, email));
        return { deleted: target };
      });
    },

    async listBlocked({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(blockedEmails)
          .orderBy(desc(blockedEmails.createdAt), asc(blockedEmails.email))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(blockedEmails),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    /** Takes the e-mail off the block list; false when it was not on it. */
    async unblock(email: string): Promise<boolean> {
      const removed = await db
        .delete(blockedEmails)
        .where(eq(blockedEmails.email, email))
        .returning({ email: blockedEmails.email });
      return removed.length > 0;
    },
  };
}

export type UserRows = ReturnType<typeof userRows>;

/** The users on the pool, and in a transaction the service opens (db/transactional.ts). */
export const createUsersRepo = (db: Database) => transactional(db, userRows);

export type UsersRepo = ReturnType<typeof createUsersRepo>;
