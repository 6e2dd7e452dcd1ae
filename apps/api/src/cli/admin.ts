/**
 * Promotes a user to admin directly in the database: the way to name the first admin without
 * ADMIN_EMAILS. Usage: npm run admin -- promote <email>
 */
import { accountMessages, emailSchema } from '@store/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createUsersRepo } from '../features/users/repo.js';
import { runningStorePid } from '../lib/data-dir-lock.js';
import { apiRoot } from '../lib/paths.js';
import { makeDataDirPrivate, tightenDataDir } from '../lib/private-dir.js';

async function main(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  const email = emailSchema.safeParse(rawEmail);
  if (command !== 'promote' || !email.success) {
    console.error('Usage: npm run admin -- promote <email>');
    return 2;
  }
  const config = loadConfig(process.env, apiRoot);
  if (!config.databaseUrl) {
    const pid = runningStorePid(config.dataDir);
    if (pid) {
      console.error(
        `The store is running on the embedded database in ${config.dataDir} (pid ${pid}), which only one ` +
          'process may open. Stop the store and run this again, or set ADMIN_EMAILS and sign in.',
      );
      return 1;
    }
    makeDataDirPrivate(config.dataDir);
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (database.kind === 'pglite') tightenDataDir(config.dataDir); // a new PGlite database is 0666
    const address = email.data; // trimmed and lower-cased by emailSchema
    const users = createUsersRepo(database.db);
    const existing = await users.find(address);
    if (existing?.role === 'admin') {
      console.log(`${address} is already an admin.`);
    } else if (existing) {
      await users.makeAdmin(address);
      console.log(`${address} is now an admin.`);
    } else {
      // Not signed in yet: the account is waiting for them, already an admin.
      // No name yet: their first sign-in fills it.
      const outcome = await users.signIn({ email: address, name: '', promote: true });
      if (outcome === 'blocked') {
        console.error(`${address} was removed. Restore the e-mail on the Users page first.`);
        return 1;
      }
      console.log(`${address} will be an admin when they first sign in.`);
    }
    // The role is granted; its powers need a verified e-mail (docs/architecture.md, 'Admin
    // powers'), which the store learns at the person's next sign-in exchange.
    if (!existing?.emailVerified) console.log(accountMessages.adminPowersWait(address));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
