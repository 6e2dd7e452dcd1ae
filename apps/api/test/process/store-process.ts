import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { groupMembers } from '../../bench/read-path/processes.js';
import { freePort } from '../../src/lib/free-port.js';
import { apiRoot } from '../../src/lib/paths.js';
import { eventually } from '../support/eventually.js';

export { freePort };

/**
 * Real store processes (src/server.ts under tsx) for the process tests, and their cleanup: each
 * store runs in a process group of its own, as under a shell or a service manager, and its
 * emulator in another (the supervisor's, recorded in DATA_DIR). `cleanUp()` kills both kinds,
 * so a test that fails halfway leaves nothing running.
 */
export interface Store {
  child: ChildProcess;
  pid: number;
  dataDir: string;
  port: number;
  emulatorHost: string;
  output: () => string;
  exited: Promise<number | null>;
}

const dataDirs = new Set<string>();
const running = new Set<Store>();

export function newDataDir(): string {
  return trackDataDir(mkdtempSync(path.join(tmpdir(), 'store-data-')));
}

/** A data folder made by the test itself, cleaned up (and its emulator stopped) like the others. */
export function trackDataDir(dir: string): string {
  dataDirs.add(dir);
  return dir;
}

export function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    detached: true, // its own process group, like a job started from a shell
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts a store on `dataDir` with free ports of its own (the emulator's kept across restarts). */
export async function startStore(
  dataDir: string,
  options: { port?: number; emulatorHost?: string; env?: Record<string, string> } = {},
): Promise<Store> {
  const port = options.port ?? (await freePort());
  const emulatorHost = options.emulatorHost ?? `127.0.0.1:${await freePort()}`;
  const spawned = runScript('src/server.ts', [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SEED_DEMO: 'false',
    ...options.env,
  });
  const store: Store = { ...spawned, pid: spawned.child.pid ?? 0, dataDir, port, emulatorHost };
  running.add(store);
  void store.exited.then(() => running.delete(store));
  return store;
}

export async function startedStore(dataDir: string, options: Parameters<typeof startStore>[1] = {}) {
  const store = await startStore(dataDir, options);
  await eventually(() => store.output().includes('store listening') || store.child.exitCode !== null, {
    what: 'the store to listen',
    timeout: 150_000,
  });
  if (!store.output().includes('store listening'))
    throw new Error(`the store did not start:\n${store.output()}`);
  return store;
}

/** Calls a store's Auth emulator the way the web SDK does; returns the HTTP status. */
export async function emulatorAccount(
  store: Store,
  endpoint: 'accounts:signUp' | 'accounts:signInWithPassword',
  email: string,
) {
  const res = await fetch(
    `http://${store.emulatorHost}/identitytoolkit.googleapis.com/v1/${endpoint}?key=k`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  return res.status;
}

/** The emulator supervisor's process group a store recorded in its DATA_DIR, if any. */
export function emulatorGroup(dataDir: string): number | undefined {
  try {
    const [supervisor] = readFileSync(path.join(dataDir, 'firebase-auth/emulator.pid'), 'utf8').split(' ');
    return Number(supervisor) || undefined;
  } catch {
    return undefined;
  }
}

/** The processes (zombies aside) still in a process group (one reading of /proc for the tests and the benches). */
export { groupMembers };

function killGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {} // already gone
}

/** Kills every store and emulator the tests started, then removes their data folders. */
export async function cleanUp() {
  for (const store of running) killGroup(store.pid);
  await Promise.all([...running].map((store) => store.exited));
  for (const dir of dataDirs) {
    const pgid = emulatorGroup(dir);
    if (pgid) killGroup(pgid);
  }
  const groups = [...dataDirs].map(emulatorGroup).filter((pgid): pgid is number => !!pgid);
  await eventually(() => groups.every((pgid) => groupMembers(pgid).length === 0), {
    what: 'the emulators to go',
    timeout: 10_000,
  });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}
