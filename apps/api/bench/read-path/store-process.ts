import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/lib/free-port.js';
import { apiRoot } from '../../src/lib/paths.js';
import { atCleanup } from './cleanup.js';
import { endGroup, exited, spawnGroup } from './processes.js';

/** The log level the store runs with: unset, as in production, so config.ts's default applies. */
export const STORE_LOG_LEVEL = 'info (LOG_LEVEL unset: the default; one JSON line per request, to a file)';

export interface RunningStore {
  base: string;
  pid: number;
  /** Stops the store (SIGTERM: it stops its emulator), then checks both are gone. */
  stop: () => Promise<void>;
}

const STARTUP_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 20_000;

/**
 * The built store (`node apps/api/dist/server.js`, as `npm start` and the Docker image run it),
 * NODE_ENV=production, on the bench's database, with a free port, a temporary DATA_DIR and the
 * Firebase Auth emulator it starts itself (demo project; ALLOW_AUTH_EMULATOR because of
 * NODE_ENV=production). Its output goes to a file (read back if it fails to start), so a full
 * pipe never slows it.
 */
export async function startStore(options: {
  databaseUrl: string;
  jwtSecret: string;
  maxOpenOrders: number;
}): Promise<RunningStore> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'store-bench-'));
  const dataDir = path.join(runDir, 'data');
  mkdirSync(dataDir);
  const logFile = path.join(runDir, 'store.log');
  const log = openSync(logFile, 'a');
  const port = await freePort();
  // BENCH_STORE_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of the store under load.
  const nodeArgs = process.env.BENCH_STORE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_STORE_BUNDLE, e.g. apps/api/dist-before/server.js: another build of the store (a copy of
  // dist/ made before a change, kept under apps/api), to compare two builds under the same load.
  const bundle = process.env.BENCH_STORE_BUNDLE
    ? path.resolve(process.env.BENCH_STORE_BUNDLE)
    : path.join(apiRoot, 'dist/server.js');
  const child = spawnGroup(process.execPath, [...nodeArgs, bundle], {
    cwd: apiRoot,
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: options.jwtSecret,
      SEED_DEMO: 'false', // seeded by the bench, before the generated parts
      MAX_OPEN_ORDERS: String(options.maxOpenOrders),
      ORDER_RATE_LIMIT: '100000',
      // Each bench customer places up to MAX_OPEN_ORDERS orders: what they total is not measured.
      MAX_UNPAID_TOTAL: '100000000',
      ALLOW_AUTH_EMULATOR: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
    },
  });
  closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error('the store process did not start');
  const storeExited = exited(child);
  /** The emulator's supervisor group, recorded by the store in DATA_DIR (read while it runs). */
  let emulatorGroup: number | undefined;
  const readEmulatorGroup = () => {
    try {
      emulatorGroup ??=
        Number(readFileSync(path.join(dataDir, 'firebase-auth/emulator.pid'), 'utf8').split(' ')[0]) ||
        undefined;
    } catch {} // not started yet
  };
  const stop = atCleanup(`stop the store (pid ${pid})`, async () => {
    readEmulatorGroup();
    // Gone before it was told to stop: its last words say why (the log goes with the run's folder).
    if (child.exitCode !== null || child.signalCode !== null)
      console.error(
        `the store ended on its own (exit code ${child.exitCode}, signal ${child.signalCode}):\n` +
          readFileSync(logFile, 'utf8').slice(-4000),
      );
    else {
      child.kill('SIGTERM');
      const timer = new Promise<'late'>((resolve) =>
        setTimeout(() => resolve('late'), STOP_GRACE_MS).unref(),
      );
      if ((await Promise.race([storeExited, timer])) === 'late')
        console.error('the store did not stop in time: killed');
    }
    await endGroup(pid, 'the store');
    await endGroup(emulatorGroup, "the store's Auth emulator");
    rmSync(runDir, { recursive: true, force: true });
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const output = readFileSync(logFile, 'utf8').slice(-4000);
      await stop();
      throw new Error(`the store did not start (exit code ${child.exitCode}):\n${output}`);
    }
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  readEmulatorGroup();
  return { base, pid, stop };
}
