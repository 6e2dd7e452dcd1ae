import type { Role } from '@store/shared';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepo(db: Database) {
  return {
    async find(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /**
     * Creates the user or refreshes their name. `promote` makes them admin (ADMIN_EMAILS); a role
     * is never lowered here. Returns the row and whether it was created.
     */
    async upsert(input: { email: string; name: string; promote: boolean }) {
      const role: Role = input.promote ? 'admin' : 'customer';
      const [row] = await db
        .insert(users)
        .values({ email: input.email, name: input.name, role })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            name: input.name,
            updatedAt: sql`now()`,
            ...(input.promote && { role: 'admin' as const }),
          },
        })
        .returning({
          email: users.email,
          name: users.name,
          role: users.role,
          created: sql<boolean>`(xmax = 0)`,
        });
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async list({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db.select().from(users).orderBy(asc(users.email)).limit(limit).offset(offset),
        db.select({ total: count() }).from(users),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    /** Returns how many rows matched and how many changed (an admin already admin: 1, 0). */
    async makeAdmin(email: string) {
      const updated = await db
        .update(users)
        .set({ role: 'admin', updatedAt: sql`now()` })
        .where(and(eq(users.email, email), ne(users.role, 'admin')))
        .returning({ email: users.email });
      if (updated.length > 0) return { matchedCount: 1, modifiedCount: 1 };
      return { matchedCount: (await this.find(email)) ? 1 : 0, modifiedCount: 0 };
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
     * Deletes a user unless that would leave the store without an admin. The admin rows are
     * locked first, always in the same order, so two admins removing each other at once cannot
     * both succeed (nor deadlock).
     */
    async removeKeepingAnAdmin(email: string): Promise<'deleted' | 'not-found' | 'last-admin'> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'))
          .orderBy(asc(users.email))
          .for('update');
        const [target] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        if (!target) return 'not-found';
        if (target.role === 'admin' && admins.length <= 1) return 'last-admin';
        await tx.delete(users).where(eq(users.email, email));
        return 'deleted';
      });
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
