import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { apiRoot } from '../../src/lib/paths.js';

/** Helpers for tests that run the real store (src/server.ts under tsx) as a child process. */

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningStore {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the store on `dataDir` without an Auth emulator (nothing listens at the emulator
 * address; these tests never sign in) and waits until it listens.
 */
export async function startStore(dataDir: string): Promise<RunningStore> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AUTH_EMULATOR: 'external',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const store = { child, port, output: () => output, exited };
  const deadline = Date.now() + 90_000;
  while (!output.includes('store listening')) {
    if (child.exitCode !== null) throw new Error(`the store exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`timed out waiting for the store to listen:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return store;
}

/** For afterAll/finally: nothing a test started outlives it. */
export function killStore(store: RunningStore | undefined): void {
  if (store && store.child.exitCode === null && store.child.signalCode === null) store.child.kill('SIGKILL');
}
