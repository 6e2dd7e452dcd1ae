import { readFileSync } from 'node:fs';
import path from 'node:path';
import { displayNameSchema, providerDisplayName } from '@store/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { orders, reviews, users } from '../../src/db/schema.js';
import { migrationsDir } from '../../src/lib/paths.js';
import { openTestDatabase } from '../support/helpers.js';

/**
 * Migration 0014: the person names already stored are cleaned as providerDisplayName cleans a
 * new one, in the accounts and in the copies orders and reviews keep. Run here on rows written
 * uncleaned, as the identity provider's client set them (its statements again, on a database
 * every migration has already run on).
 */
const MIGRATION = path.join(migrationsDir, '0014_clean_person_names.sql');

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function runMigrationAgain() {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await database.db.execute(sql.raw(statement));
  }
}

const DIRTY = [
  'Eve\r\nBcc: victim@evil.test',
  '\u001b[31mRed\u001b[0m Rita',
  'n'.repeat(5000),
  'Eve\u202Etxt.exe',
  '  Tabbed\tName  ',
  '\r\n\u202E\u001b',
  'Already Clean',
];

describe('migration 0014: clean person names', () => {
  it('cleans names in users, reviews and orders as a new sign-in would, and leaves the rest', async () => {
    const rows = DIRTY.map((name, n) => ({ name, email: `dirty.${n}@example.com` }));
    await database.db.insert(users).values(rows);
    await database.db.insert(users).values({ email: 'made.ahead@example.com', name: '' });
    await database.db.insert(reviews).values(rows.map((row) => ({ ...row, message: 'Fine', ratings: 4 })));
    await database.db.insert(orders).values(
      rows.map(({ name, email }) => ({
        totalCents: 100,
        userName: name,
        email,
        phone: '+1 555 010 2030',
        address: '1 Main Street',
      })),
    );

    await runMigrationAgain();

    for (const { name, email } of rows) {
      const expected = providerDisplayName(name, email);
      expect(displayNameSchema.safeParse(expected).success).toBe(true);
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      const [review] = await database.db.select().from(reviews).where(eq(reviews.email, email));
      const [order] = await database.db.select().from(orders).where(eq(orders.email, email));
      expect([user?.name, review?.name, order?.userName], JSON.stringify(name)).toEqual([
        expected,
        expected,
        expected,
      ]);
    }
    // A row the admin command made ahead of the first sign-in keeps its empty name to be filled.
    const [ahead] = await database.db.select().from(users).where(eq(users.email, 'made.ahead@example.com'));
    expect(ahead?.name).toBe('');
  });
});
