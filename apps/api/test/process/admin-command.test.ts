import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { accountMessages } from '@store/shared';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { auditEntries } from '../../src/db/schema.js';
import { apiRoot } from '../../src/lib/paths.js';
import { cleanUp, newDataDir, runScript, startedStore } from './store-process.js';

/**
 * `npm run admin -- promote` grants the admin role (it is how the first admin is named), and
 * says that its powers wait for the e-mail's verification (docs/architecture.md, 'Admin powers'),
 * as the Users page does.
 */
const dataDir = newDataDir();
afterAll(cleanUp, 60_000);

const adminCommand = (...args: string[]) => runScript('src/cli/admin.ts', args, { DATA_DIR: dataDir });

/**
 * A data folder with a store's embedded database in it: a copy of the run's migrated template
 * (setup/pglite-template.ts), where making one here would run initdb and every migration again.
 */
function storeIn(dir: string): void {
  cpSync(inject('pgliteTemplate'), path.join(dir, 'pglite'), { recursive: true });
}

describe('npm run admin -- promote', () => {
  it('grants the role and says admin powers wait for e-mail verification', async () => {
    storeIn(dataDir);
    const first = adminCommand('promote', 'Waiting.Owner@Example.com');
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('waiting.owner@example.com will be an admin when they first sign in.');
    expect(first.output()).toContain(accountMessages.adminPowersWait('waiting.owner@example.com'));
    expect(accountMessages.adminPowersWait('x@example.com')).toContain(
      accountMessages.adminWaitingForVerification,
    );

    // Asked again before they verified: still the admin role, still waiting.
    const again = adminCommand('promote', 'waiting.owner@example.com');
    expect(await again.exited, again.output()).toBe(0);
    expect(again.output()).toContain('waiting.owner@example.com is already an admin.');
    expect(again.output()).toContain(accountMessages.adminPowersWait('waiting.owner@example.com'));

    // The grant is in the audit trail (decision 047), once: the second command changed nothing.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const entries = await database.db.select().from(auditEntries);
      expect(entries).toMatchObject([
        {
          actor: 'admin command',
          action: 'user.role',
          targetId: 'waiting.owner@example.com',
          before: { role: null },
          after: { role: 'admin' },
        },
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});

/**
 * Run without the store's DATA_DIR, the command refuses: promoting the address in a new, empty
 * store would tell the owner it worked while the running store never sees it.
 */
describe('npm run admin -- promote, where there is no store', () => {
  const refused = async (run: ReturnType<typeof runScript>, dir: string) => {
    expect(await run.exited, run.output()).not.toBe(0);
    expect(run.output()).toContain(`There is no store in ${dir}`);
    expect(run.output()).not.toContain('will be an admin');
  };

  it('refuses a DATA_DIR that does not exist, naming it, and creates nothing', async () => {
    const dir = path.join(newDataDir(), 'no-such-folder');
    await refused(runScript('src/cli/admin.ts', ['promote', 'owner@example.com'], { DATA_DIR: dir }), dir);
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it('refuses a DATA_DIR without a database and leaves it as it was', async () => {
    const dir = newDataDir();
    await refused(runScript('src/cli/admin.ts', ['promote', 'owner@example.com'], { DATA_DIR: dir }), dir);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  // The default DATA_DIR, ./data where the command runs: only when no store of a developer's is there.
  const defaultDir = path.join(apiRoot, 'data');
  it.skipIf(existsSync(defaultDir))(
    'refuses without DATA_DIR, naming ./data, and creates no ./data',
    async () => {
      try {
        await refused(runScript('src/cli/admin.ts', ['promote', 'owner@example.com'], {}), defaultDir);
        expect(existsSync(defaultDir)).toBe(false);
      } finally {
        rmSync(defaultDir, { recursive: true, force: true }); // absent before this test: its own
      }
    },
    60_000,
  );
});

/**
 * Each data folder's emulator has a project id of its own, so the store prints the link to its
 * e-mails page as it starts.
 */
describe('the start-up log', () => {
  it('names the page of e-mail verification links of this data folder’s emulator', async () => {
    const dir = newDataDir();
    const store = await startedStore(dir);
    try {
      const projectId = readFileSync(path.join(dir, 'firebase-auth/project-id'), 'utf8').trim();
      const outbox = `http://${store.emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`;
      expect(store.output()).toContain(
        `E-mail verification and password-reset links (the emulator sends no e-mail): ${outbox}`,
      );

      // A newcomer asks for a link (what My Profile's 'Verify your e-mail' does) and finds it there.
      const call = async (endpoint: string, body: object) => {
        const res = await fetch(
          `http://${store.emulatorHost}/identitytoolkit.googleapis.com/v1/${endpoint}?key=k`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
        );
        expect(res.status, endpoint).toBe(200);
        return (await res.json()) as { idToken: string };
      };
      const email = 'newcomer@example.com';
      const { idToken } = await call('accounts:signUp', {
        email,
        password: 'secret-password',
        returnSecureToken: true,
      });
      await call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
      const listed = (await (await fetch(outbox)).json()) as {
        oobCodes: { email: string; requestType: string }[];
      };
      expect(listed.oobCodes).toContainEqual(expect.objectContaining({ email, requestType: 'VERIFY_EMAIL' }));
    } finally {
      store.child.kill('SIGTERM');
      await store.exited;
    }
  }, 180_000);
});
