/**
 * Promotes a user to admin directly in the database: the way to name the first admin without
 * ADMIN_EMAILS. Usage: npm run admin -- promote <email>
 */
import { accountMessages, emailSchema } from '@store/shared';
import { loadConfig } from '../config.js';
import { hasPgliteDatabase, openDatabase } from '../db/client.js';
import { createAuditRepo } from '../features/audit/repo.js';
import { createAuditService } from '../features/audit/service.js';
import { createUsersRepo } from '../features/users/repo.js';
import { runningStorePid } from '../lib/data-dir-lock.js';
import { apiRoot } from '../lib/paths.js';
import { makeDataDirPrivate, tightenDataDir } from '../lib/private-dir.js';

/** Who the audit trail names for a role granted from the command line. */
const ADMIN_COMMAND = 'admin command';

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
    // Run without the store's DATA_DIR, the command would make a new, empty store and promote
    // the address in it, where the running store never looks.
    if (!hasPgliteDatabase(config.dataDir)) {
      console.error(
        `There is no store in ${config.dataDir}: no database there to promote ${email.data} in. ` +
          'Run this again with DATA_DIR set to the folder the store keeps its data in ' +
          `(DATA_DIR=/path/to/data npm run admin -- promote ${email.data}), or with its DATABASE_URL.`,
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
    const audit = createAuditService(createAuditRepo(database.db));
    // The role change and its audit entry in one transaction, as the Users page's (decision 047).
    const outcome = await createUsersRepo(database.db).inTransaction(async (users, tx) => {
      const existing = await users.find(address);
      if (existing?.role === 'admin') return { said: `${address} is already an admin.`, existing };
      // Not signed in yet: the account is waiting for them, already an admin, its name filled
      // by their first sign-in.
      const made = existing
        ? await users.makeAdmin(address)
        : await users.signIn({ email: address, name: '', promote: true });
      if (made === 'blocked') return 'blocked' as const;
      await audit.record(tx, {
        actor: ADMIN_COMMAND,
        action: 'user.role',
        target: { type: 'user', id: address, label: existing?.name || address },
        before: { role: existing?.role ?? null },
        after: { role: 'admin' },
      });
      return {
        said: existing
          ? `${address} is now an admin.`
          : `${address} will be an admin when they first sign in.`,
        existing,
      };
    });
    if (outcome === 'blocked') {
      console.error(`${address} was removed. Restore the e-mail on the Users page first.`);
      return 1;
    }
    console.log(outcome.said);
    const { existing } = outcome;
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
