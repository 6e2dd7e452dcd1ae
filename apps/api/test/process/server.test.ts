import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedParts } from '../../src/db/seed-data.js';
import { apiRoot } from '../../src/lib/paths.js';

/** Starts the real server process (src/server.ts under tsx) on the embedded database. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

let emulatorHost = '';

/** Calls the store's Auth emulator the way the web SDK does. */
async function emulatorAccount(endpoint: 'accounts:signUp' | 'accounts:signInWithPassword') {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${endpoint}?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'kept@example.com', password: 'secret-password', returnSecureToken: true }),
  });
  return res.status;
}
const start = (env: Record<string, string>) =>
  run('src/server.ts', [], { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, ...env });
const adminCommand = (...args: string[]) => run('src/cli/admin.ts', args, {});

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runOnce(port: number, whileRunning?: () => Promise<void>) {
  const server = start({ PORT: String(port) });
  await waitFor(() => server.output().includes('store listening'), 'the store to listen', 90_000);
  const res = await fetch(`http://127.0.0.1:${port}/api/parts?limit=1`);
  const totalParts = Number(res.headers.get('x-total-count'));
  await whileRunning?.();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, totalParts, output: server.output() };
}

describe('the server process', () => {
  it('keeps its data across a restart, seeds once, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    emulatorHost = `127.0.0.1:${await freePort()}`;
    const first = await runOnce(port, async () => {
      // While it runs, the data folder is its own: a second store and the admin command refuse.
      const second = start({ PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/Another store \(pid \d+\) is running/);
      const promote = adminCommand('promote', 'owner@example.com');
      expect(await promote.exited).toBe(1);
      expect(promote.output()).toContain('Stop the store and run this again');
      expect(await emulatorAccount('accounts:signUp')).toBe(200);
    });
    expect(first.code).toBe(0);
    expect(first.totalParts).toBe(seedParts.length);
    expect(first.output).toContain('seeded the demo catalog');
    expect(first.output).toContain('stopped');

    // Stopped, the admin command may promote someone who has not signed in yet.
    const promote = adminCommand('promote', 'Owner@Example.com');
    expect(await promote.exited).toBe(0);
    expect(promote.output()).toContain('owner@example.com will be an admin when they first sign in.');

    const second = await runOnce(port, async () => {
      // The account made before the restart is still there.
      expect(await emulatorAccount('accounts:signInWithPassword')).toBe(200);
    });
    expect(second.code).toBe(0);
    expect(second.totalParts).toBe(seedParts.length);
    expect(second.output).not.toContain('seeded the demo catalog');
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  }, 240_000);

  it('refuses an admin command without an e-mail', async () => {
    const usage = adminCommand('promote', 'not-an-email');
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain('Usage: npm run admin -- promote <email>');
  }, 30_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  }, 30_000);
});
