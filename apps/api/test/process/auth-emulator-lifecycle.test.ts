import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import {
  cleanUp,
  emulatorAccount,
  emulatorGroup,
  groupMembers,
  newDataDir,
  runScript,
  type Store,
  startedStore,
} from './store-process.js';

/**
 * The store's own Auth emulator, with real processes: its accounts survive every way of
 * stopping the store, it never outlives the store, and each data folder has accounts of its own.
 * The tests run concurrently: each store start costs seconds of CPU.
 */
afterAll(cleanUp, 60_000);

const STORE_TEST_MS = 300_000;

const stopMethods: [string, (store: Store) => void][] = [
  ['SIGINT to the process', (store) => process.kill(store.pid, 'SIGINT')],
  ['SIGTERM to the process', (store) => process.kill(store.pid, 'SIGTERM')],
  ['SIGINT to its process group (Ctrl-C)', (store) => process.kill(-store.pid, 'SIGINT')],
  ['SIGTERM to its process group (systemd, containers)', (store) => process.kill(-store.pid, 'SIGTERM')],
  ['kill -9 of the store', (store) => process.kill(store.pid, 'SIGKILL')],
];

const emulatorGone = (dataDir: string, pgid: number) =>
  eventually(() => groupMembers(pgid).length === 0, {
    what: `the emulator of ${dataDir} to stop`,
    timeout: 30_000,
  });

function lastSavedAccounts(dataDir: string): string {
  const saves = path.join(dataDir, 'firebase-auth/saves');
  try {
    const latest = readFileSync(path.join(saves, 'latest'), 'utf8');
    return readFileSync(path.join(saves, latest, 'auth_export/accounts.json'), 'utf8');
  } catch {
    return '';
  }
}

describe.concurrent('the store’s Auth emulator', () => {
  it.each(stopMethods)(
    'keeps an account made just before %s',
    async (_method, stop) => {
      const dataDir = newDataDir();
      const first = await startedStore(dataDir);
      const pgid = emulatorGroup(dataDir);
      expect(pgid).toBeDefined();
      expect(await emulatorAccount(first, 'accounts:signUp', 'just-before@example.com')).toBe(200);

      stop(first);
      await first.exited;
      await emulatorGone(dataDir, pgid ?? 0); // the emulator does not outlive the store

      const again = await startedStore(dataDir);
      const signedIn = await emulatorAccount(again, 'accounts:signInWithPassword', 'just-before@example.com');
      expect(signedIn, `before:\n${first.output()}\nafter:\n${again.output()}`).toBe(200);
      process.kill(again.pid, 'SIGTERM');
      expect(await again.exited).toBe(0);
    },
    STORE_TEST_MS,
  );

  it(
    'stops an emulator that a killed store and supervisor left behind, then loads the last save',
    async () => {
      const dataDir = newDataDir();
      const first = await startedStore(dataDir);
      expect(await emulatorAccount(first, 'accounts:signUp', 'saved@example.com')).toBe(200);
      // Saved within a second of the change, without any stop.
      await eventually(() => lastSavedAccounts(dataDir).includes('saved@example.com'), {
        what: 'the save',
        timeout: 5_000,
      });

      // Kill -9 the store and the supervisor together (an out-of-memory kill): the emulator stays.
      const pgid = emulatorGroup(dataDir) ?? 0;
      process.kill(first.pid, 'SIGKILL');
      process.kill(pgid, 'SIGKILL');
      await first.exited;
      // The supervisor (the group's leader) is gone; its emulator is not.
      await eventually(() => !groupMembers(pgid).includes(pgid), { what: 'the supervisor to die' });
      const orphans = groupMembers(pgid);
      expect(orphans.length).toBeGreaterThan(0);

      const again = await startedStore(dataDir);
      expect(again.output()).toContain(
        `stopping the Auth emulator an earlier store left running (process group ${pgid})`,
      );
      expect(groupMembers(pgid)).toEqual([]);
      expect(await emulatorAccount(again, 'accounts:signInWithPassword', 'saved@example.com')).toBe(200);
      process.kill(-again.pid, 'SIGTERM');
      expect(await again.exited).toBe(0);
    },
    STORE_TEST_MS,
  );

  it(
    'gives two stores on one machine accounts of their own, and logs verification links',
    async () => {
      const [a, b] = await Promise.all([startedStore(newDataDir()), startedStore(newDataDir())]);
      expect(await emulatorAccount(a, 'accounts:signUp', 'only-on-a@example.com')).toBe(200);
      expect(await emulatorAccount(b, 'accounts:signInWithPassword', 'only-on-a@example.com')).toBe(400);
      expect(await emulatorAccount(b, 'accounts:signUp', 'only-on-a@example.com')).toBe(200);

      // 'Verify your e-mail' with the trial emulator: the link is in the store's log, the address is not.
      const api = `http://${a.emulatorHost}/identitytoolkit.googleapis.com/v1`;
      const post = (endpoint: string, body: object) =>
        fetch(`${api}/${endpoint}?key=k`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((res) => res.json() as Promise<{ idToken?: string }>);
      const { idToken } = await post('accounts:signInWithPassword', {
        email: 'only-on-a@example.com',
        password: 'secret-password',
        returnSecureToken: true,
      });
      await post('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
      await eventually(() => /action link.*\/emulator\/action\?mode=verifyEmail/.test(a.output()), {
        what: 'the link in the log',
        timeout: 30_000,
      });
      expect(a.output()).not.toContain('only-on-a@example.com');

      for (const store of [a, b]) process.kill(store.pid, 'SIGTERM');
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    },
    STORE_TEST_MS,
  );

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['a host other machines reach (0.0.0.0)', { FIREBASE_AUTH_EMULATOR_HOST: '0.0.0.0:9099' }],
  ])(
    'refuses to start the emulator with %s, naming ALLOW_AUTH_EMULATOR',
    async (_case, env) => {
      const server = runScript('src/server.ts', [], { DATA_DIR: newDataDir(), ...env });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('ALLOW_AUTH_EMULATOR');
      expect(server.output()).not.toContain('emulator ready');
    },
    60_000,
  );
});
