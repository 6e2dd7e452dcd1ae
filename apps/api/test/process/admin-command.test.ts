import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountMessages } from '@store/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { auditEntries } from '../../src/db/schema.js';
import { cleanUp, newDataDir, runScript, startedStore } from './store-process.js';

/**
 * Issue 20: `npm run admin -- promote` made an unverified account a full admin. The role is still
 * granted (it is how the first admin is named), but the command says that its powers wait for
 * the e-mail's verification (docs/architecture.md, 'Admin powers'), as the Users page does.
 */
const dataDir = newDataDir();
afterAll(cleanUp, 60_000);

const adminCommand = (...args: string[]) => runScript('src/cli/admin.ts', args, { DATA_DIR: dataDir });

describe('npm run admin -- promote', () => {
  it('grants the role and says admin powers wait for e-mail verification', async () => {
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
  }, 120_000);
});

/**
 * Issue 20: the README's link to the emulator's e-mails named `demo-parts-depot`, but each data
 * folder has a project id of its own. The store prints the real link as it starts.
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
