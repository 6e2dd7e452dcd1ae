// `npm run lighthouse`: builds the store, starts it on a fresh data folder (demo catalog, its own
// Auth emulator, ports of its own), runs Lighthouse's default mobile preset on the home page, the
// catalog and a seeded part's page with Debian's Chromium, prints the scores and timings the
// store is budgeted on, and stops everything it started, on failure too. A measurement, not a
// test: it never fails on a score (scores move with the machine's load); it fails only when a
// page cannot be measured.
//
// Settings: LIGHTHOUSE_PORT (default 4390; the emulator takes the next port), CHROME_PATH
// (default /usr/bin/chromium), LIGHTHOUSE_SKIP_BUILD=1 to measure the current build,
// LIGHTHOUSE_REPORTS=<folder> to keep each page's full JSON report there, LIGHTHOUSE_RUNS=<n>
// (default 1) to measure every page n times, one row per run, since scores vary between runs;
// LIGHTHOUSE_PAGES=/parts,:part to measure some pages only (`:part` is the seeded part's page);
// LIGHTHOUSE_THROTTLING=devtools to slow the network and CPU for real rather than simulate it.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4390);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number from 1, not ${process.env.LIGHTHOUSE_RUNS}`);
  process.exit(1);
}

if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH).`);
  process.exit(1);
}

/** Everything to undo, newest first; run once whatever happens. */
const cleanups = [];
let cleaning;
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) await undo().catch((error) => console.error(error));
  })();
  return cleaning;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

function build() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD === '1') return;
  const result = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the build failed');
}

/** The store as `npm start` runs it, in its own process group so nothing it starts outlives it. */
async function startStore() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-lighthouse-'));
  cleanups.push(async () => {
    // The emulator's supervisor may still be saving its accounts here as the store exits.
    for (let attempt = 0; attempt < 10; attempt++) {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (!existsSync(dataDir)) return;
    }
  });
  const store = spawn('node', [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port + 1}`,
    },
  });
  const exited = new Promise((resolve) => store.once('exit', resolve));
  cleanups.push(async () => {
    if (store.exitCode !== null || store.signalCode !== null) return;
    // SIGTERM lets the store stop its emulator; after 30 s the whole group is killed.
    process.kill(store.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-store.pid, 'SIGKILL');
      } catch {}
    }, 30_000);
    await exited;
    clearTimeout(timer);
    // Whatever the store started and left behind in its group.
    try {
      process.kill(-store.pid, 'SIGKILL');
    } catch {}
    await stopLeftovers(dataDir);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (store.exitCode !== null) throw new Error(`the store exited with code ${store.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the store did not answer /api/health within 120 s');
}

/** Our processes whose command line names `dataDir` (Linux /proc). */
function processesUsing(dataDir) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dataDir)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/**
 * The store runs its Auth emulator's supervisor in a process group of its own; it stops when the
 * store exits, but one stopped while still starting can linger. Given 15 s, then stopped here.
 */
async function stopLeftovers(dataDir) {
  for (const [wait, signal] of [
    [15_000, 'SIGTERM'],
    [5_000, 'SIGKILL'],
  ]) {
    const deadline = Date.now() + wait;
    while (processesUsing(dataDir).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const left = processesUsing(dataDir);
    if (left.length === 0) return;
    console.error(`lighthouse: ${signal} to processes left behind: ${left.join(' ')}`);
    for (const pid of left) {
      try {
        process.kill(pid, signal);
      } catch {}
    }
  }
}

async function seededPartPath() {
  const response = await fetch(`${origin}/api/parts?limit=1&sort=newest`);
  const parts = await response.json();
  if (!response.ok || !Array.isArray(parts) || !parts[0]?._id) throw new Error('no seeded part');
  return `/parts/${parts[0]._id}`;
}

async function measure(chrome, pagePath, run) {
  const result = await lighthouse(`${origin}${pagePath}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(process.env.LIGHTHOUSE_THROTTLING && { throttlingMethod: process.env.LIGHTHOUSE_THROTTLING }),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${pagePath}: ${runtimeError.code} ${runtimeError.message}`);
  if (process.env.LIGHTHOUSE_REPORTS) {
    mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    const name = `${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}${runs > 1 ? `-${run}` : ''}`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name}.json`), result.report);
  }
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs)
    .map((ref) => audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  return {
    page: pagePath,
    ...(runs > 1 && { run }),
    performance: score('performance'),
    'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
    'FCP ms': Math.round(audits['first-contentful-paint'].numericValue),
    'LCP ms': Math.round(audits['largest-contentful-paint'].numericValue),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    SEO: score('seo'),
    'failing audits': [...new Set(failing)].join(' ') || '-',
  };
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): one more try. */
async function measureTwice(chrome, pagePath, run) {
  try {
    return await measure(chrome, pagePath, run);
  } catch (error) {
    console.error(`lighthouse: ${error instanceof Error ? error.message : error}; measuring again`);
    return measure(chrome, pagePath, run);
  }
}

try {
  build();
  await startStore();
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/parts', ':part'];
  const pages = await Promise.all(wanted.map((page) => (page === ':part' ? seededPartPath() : page)));
  const chrome = await chromeLauncher.launch({
    chromePath,
    // Our own SIGINT handler stops everything; chrome-launcher's would exit before it ran.
    handleSIGINT: false,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  cleanups.push(async () => chrome.kill());
  const rows = [];
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) rows.push(await measureTwice(chrome, page, run));
  }
  const throttling = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'applied' : 'simulated';
  console.log(`\nLighthouse, mobile preset (${throttling} throttling):`);
  console.table(rows);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
