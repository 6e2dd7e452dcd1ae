import { randomBytes } from 'node:crypto';
import type { Role } from '@store/shared';
import { users } from '../../src/db/schema.js';
import type { createTestApp } from './helpers.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A store account with our API token, made directly in the database: for suites about what
 * signed-in users may do (the sign-in exchange itself is covered by users.test.ts).
 */
export async function accountWithToken(ctx: TestApp, role: Role = 'customer', name = 'Test Person') {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.com`;
  // An admin here has admin powers: the role and a verified e-mail (docs/architecture.md, 'Admin powers').
  const [row] = await ctx.db
    .insert(users)
    .values({ email, name, role, emailVerified: role === 'admin' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  const token = ctx.tokens.issue(row);
  return { email, name, token, auth: { Authorization: `Bearer ${token}` } };
}
