import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/lib/paths.js';
import stopLeftovers from '../setup/stop-leftovers.js';
import { eventually } from '../support/eventually.js';
import { cleanUp, freePort, newDataDir, startedStore } from './store-process.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-leftover-'));
let orphan = 0;
afterAll(async () => {
  try {
    process.kill(orphan, 'SIGKILL');
  } catch {} // stopped by the test, as it should be
  rmSync(dataDir, { recursive: true, force: true });
  await cleanUp();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a test run that starts after a killed one', () => {
  it('stops the stores the killed run left, and only those', async () => {
    const port = await freePort();
    // A store whose runner is gone: started by a shell that exits at once, as a killed run leaves it.
    const shell = spawn('sh', ['-c', `node --import tsx src/server.ts >/dev/null 2>&1 & echo $!`], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        AUTH_EMULATOR: 'external',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    shell.stdout.on('data', (chunk) => (out += chunk));
    await new Promise((resolve) => shell.on('exit', resolve));
    orphan = Number(out.trim());
    expect(orphan).toBeGreaterThan(0);
    const listening = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    await eventually(listening, { what: 'the orphan store to start', timeout: 60_000, interval: 100 });

    // A store of this run (its runner, vitest, is alive) is not a leftover.
    const ours = await startedStore(newDataDir(), { env: { AUTH_EMULATOR: 'external' } });

    stopLeftovers();
    await eventually(() => !alive(orphan), { what: 'the orphan to stop', timeout: 10_000 });
    expect(await listening()).toBe(false);
    expect(alive(ours.pid)).toBe(true);
  }, 120_000);
});
