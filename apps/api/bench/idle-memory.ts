/**
 * The embedded store's resident memory at idle: starts the built store (dist/server.js, as
 * `npm start` runs it) on a fresh DATA_DIR with its Auth emulator, waits for /api/health, asks
 * what a visitor's first pages ask, lets it settle, and reads the store process's own VmRSS from
 * /proc (Linux only; the emulator is a process of its own and is not counted). The V8 breakdown
 * comes from scripts/memory-probe.mjs over the IPC channel, not from an endpoint.
 *
 * Used by bench/idle-memory.bench.ts (`npm run memory -w @store/api`) and by the process test
 * test/process/idle-memory.test.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/lib/free-port.js';
import { apiRoot } from '../src/lib/paths.js';
import { groupMembers, killGroup } from './read-path/processes.js';

export interface IdleMemory {
  /** Resident memory of the store process, MB (VmRSS). */
  rssMb: number;
  /** Its high-water mark since it started, MB (VmHWM): start-up's migrations and seeding. */
  peakMb: number;
  /** Of the RSS: memory of its own (heaps, WASM memory, compiled code), and mapped files (node, libraries). */
  anonMb: number;
  fileMb: number;
  /** process.memoryUsage() in the store at the same moment, MB. */
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** Seconds from spawn to a healthy store. */
  startSeconds: number;
  /** Each request made before settling, with its status. */
  requests: string[];
  /** 2 when the first reading was over `rereadAbove` and was taken again. */
  readings: number;
  /** How the store ended on SIGTERM (0: a clean stop). */
  exitCode: number | null;
  /** Processes of the store's or its emulator's group still running after it stopped (then killed). */
  leftovers: number[];
}

export interface MeasureOptions {
  /** Idle time after the requests before reading, ms. */
  settleMs?: number;
  /** Another built web app (WEB_DIST_DIR); default: apps/web/dist as `npm start` serves it. */
  webDistDir?: string;
  /** Told the store's output line by line (e.g. to keep it for a failure's message). */
  onOutput?: (text: string) => void;
  startTimeoutMs?: number;
  /** A reading at or over this many MB is taken once more, after another `settleMs`. */
  rereadAbove?: number;
}

const MB = 1024 * 1024;

/** A field of /proc/<pid>/status, in MB. */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  if (!match?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** The emulator supervisor's process group, recorded by the store in its DATA_DIR. */
function emulatorGroup(dataDir: string): number | undefined {
  try {
    const [pid] = readFileSync(path.join(dataDir, 'firebase-auth/emulator.pid'), 'utf8').split(' ');
    return Number(pid) || undefined;
  } catch {
    return undefined;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function askMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the store did not report its memory')), 10_000);
    child.once('message', (message: { memory: NodeJS.MemoryUsage }) => {
      clearTimeout(timer);
      resolve(message.memory);
    });
    child.send('memory');
  });
}

export async function measureIdleMemory(options: MeasureOptions = {}): Promise<IdleMemory> {
  const { settleMs = 10_000, startTimeoutMs = 150_000 } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-memory-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', path.join(apiRoot, 'scripts/memory-probe.mjs'), path.join(apiRoot, 'dist/server.js')],
    {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
        LOG_LEVEL: 'warn',
        ...(options.webDistDir && { WEB_DIST_DIR: options.webDistDir }),
      },
      // Its own process group, as under a shell: whatever is left of it is killed at the end.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const pid = child.pid as number;
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    options.onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;

  let measured: Omit<IdleMemory, 'exitCode' | 'leftovers'>;
  let stopped: { exitCode: number | null; leftovers: number[] };
  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      const health = await fetch(`${base}/api/health`).then(
        (res) => res.json() as Promise<{ status: string }>,
        () => undefined,
      );
      if (health?.status === 'ok') break;
      if (child.exitCode !== null) throw new Error(`the store exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the store was not healthy in time:\n${output}`);
      await delay(200);
    }
    const startSeconds = (performance.now() - started) / 1000;

    // What a visitor's first pages ask: the SPA, the home page's parts, the catalog, a part, reviews.
    const requests: string[] = [];
    const get = async (url: string) => {
      const res = await fetch(`${base}${url}`);
      const body = await res.text();
      requests.push(`${res.status} GET ${url}`);
      if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 200)}`);
      return body;
    };
    for (let round = 0; round < 3; round++) {
      // The app's page, as index.html is sent for any of its paths (/index.html itself is a 404).
      await get('/login');
      const home = JSON.parse(await get('/api/parts?sort=newest&limit=3')) as { _id: string }[];
      await get('/api/parts?page=1&limit=12');
      const id = home[0]?._id;
      if (!id) throw new Error('the demo catalog is empty');
      await get(`/api/part/${id}`);
      await get('/api/reviews?page=1&limit=6');
    }

    const read = async () => {
      await delay(settleMs);
      const memory = await askMemory(child);
      return {
        rssMb: procStatusMb(pid, 'VmRSS'),
        peakMb: procStatusMb(pid, 'VmHWM'),
        anonMb: procStatusMb(pid, 'RssAnon'),
        fileMb: procStatusMb(pid, 'RssFile'),
        heapTotalMb: memory.heapTotal / MB,
        heapUsedMb: memory.heapUsed / MB,
        externalMb: memory.external / MB,
        arrayBuffersMb: memory.arrayBuffers / MB,
      };
    };
    const first = await read();
    // A reading taken while something was still settling (a timer's work, a collection under
    // way) is taken once more, after as long again; the limit itself is never retried.
    const reading =
      options.rereadAbove !== undefined && first.rssMb >= options.rereadAbove ? await read() : first;
    measured = {
      ...reading,
      startSeconds,
      requests: [...new Set(requests)],
      readings: first === reading ? 1 : 2,
    };
  } finally {
    stopped = await stop(child, exited, dataDir);
  }
  return { ...measured, ...stopped };
}

/**
 * SIGTERM (the store stops its emulator, as on any stop); whatever is still running after that
 * is reported as a leftover, then killed, so nothing outlives the measurement.
 */
async function stop(child: ChildProcess, exited: Promise<number | null>, dataDir: string) {
  const store = child.pid as number;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), delay(30_000).then(() => true)]);
    if (timedOut) killGroup(store);
  }
  const exitCode = await exited;
  const emulator = emulatorGroup(dataDir);
  const groups = emulator ? [store, emulator] : [store];
  const leftovers = groups.flatMap(groupMembers);
  for (const pgid of groups) if (groupMembers(pgid).length) killGroup(pgid);
  const deadline = Date.now() + 10_000;
  while (groups.some((pgid) => groupMembers(pgid).length) && Date.now() < deadline) await delay(100);
  rmSync(dataDir, { recursive: true, force: true });
  return { exitCode, leftovers };
}
