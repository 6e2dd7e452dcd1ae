import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, signIn, signOut, uniqueEmail } from './helpers';

/**
 * One build runs anywhere: a store of its own, reached at 127.0.0.2 (not the 127.0.0.1 of the
 * build or of the other specs), with its Auth emulator on a port no default names. The browser
 * registers and signs in talking to the store's origin only, under its CSP.
 */
const HOST = '127.0.0.2';
const STARTUP_TIMEOUT_MS = 150_000;

let store: ChildProcess | undefined;
let storeUrl: string;
let dataDir: string;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS);
  const port = await freePort(HOST);
  const emulatorHost = `127.0.0.1:${await freePort('127.0.0.1')}`;
  storeUrl = `http://${HOST}:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-anywhere-'));
  // Its own process group, so that stopping it also stops the emulator it starts.
  store = spawn(process.execPath, ['../api/dist/server.js'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    },
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  store.stdout?.on('data', collect);
  store.stderr?.on('data', collect);
  await waitUntilHealthy(`${storeUrl}/api/health`, store);
});

test.afterAll(async () => {
  await stopStore();
  rmSync(dataDir, { recursive: true, force: true });
});

test('registers and signs in with the store at another address and the emulator on another port', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== storeUrl) elsewhere.push(request.url());
  });

  const email = uniqueEmail('anywhere');
  await page.goto(`${storeUrl}/register`);
  await page.getByLabel('Name').fill('Ana Anywhere');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText('Ana Anywhere');

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByTestId('user-name').first()).toHaveText('Ana Anywhere');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);

  expect(elsewhere).toEqual([]);
  expect(problems).toEqual([]);
});

async function waitUntilHealthy(url: string, child: ChildProcess) {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const state = async () => {
    if (exited()) return 'exited';
    const healthy = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    return healthy ? 'healthy' : 'starting';
  };
  await expect
    .poll(state, { message: `the store at ${url} starts`, timeout: STARTUP_TIMEOUT_MS - 10_000 })
    .not.toBe('starting');
  if (exited()) throw new Error(`the store exited (${child.exitCode ?? child.signalCode}):\n${output}`);
}

/**
 * SIGTERM lets the store stop its emulator; then whatever of its process group is left (all of
 * it, if the store took too long) is killed, so no run leaves a process behind.
 */
async function stopStore() {
  const child = store;
  store = undefined;
  if (!child?.pid) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
