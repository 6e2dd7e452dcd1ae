/**
 * Runs the Firebase Auth emulator (firebase-tools) for one store and owns its saved accounts.
 *
 * The store spawns this script in a process group of its own, so signals meant for the store
 * (Ctrl-C, SIGTERM to its group from systemd or a container runtime) never reach the emulator
 * directly: the store stops it in order. The store's end of our stdin closes when the store
 * exits in any way, kill -9 included; we then save and stop the emulator, so it never outlives
 * the store.
 *
 * Saving: while persisting, every second (and soon after the store says "save") we compare the
 * emulator's accounts with the last save and, when they differ, export them through the hub
 * into a fresh folder and only then point `saves/latest` at it with an atomic rename. A kill at
 * any moment leaves the previous save intact. One save runs at a time.
 *
 * stdin: lines from the store ("save"). stdout: the emulator's output, line by line.
 * stderr: our own problems. SIGTERM or SIGINT: save and stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { READY_LINE } from './emulator.js';

export interface SupervisorOptions {
  firebaseBin: string;
  /** firebase-tools' working folder: firebase.json and the saves live here. */
  workDir: string;
  configFile: string;
  projectId: string;
  /** host:port of the Auth emulator and of the emulator hub (reachable addresses). */
  authAddress: string;
  hubAddress: string;
  persist: boolean;
}

const SAVE_INTERVAL_MS = 1000;
const SAVE_SOON_MS = 100;
const STOP_TIMEOUT_MS = 10_000;

const savesDir = (workDir: string) => path.join(workDir, 'saves');
const latestFile = (workDir: string) => path.join(savesDir(workDir), 'latest');
/** Where earlier versions exported on exit; still imported when there is no newer save. */
const legacyExportDir = (workDir: string) => path.join(workDir, 'accounts');
const isExport = (dir: string) => existsSync(path.join(dir, 'firebase-export-metadata.json'));

/** The folder holding the last complete save, if any. */
function lastSave(workDir: string): string | undefined {
  try {
    const dir = path.join(savesDir(workDir), readFileSync(latestFile(workDir), 'utf8').trim());
    if (isExport(dir)) return dir;
  } catch {}
  return isExport(legacyExportDir(workDir)) ? legacyExportDir(workDir) : undefined;
}

/** Leftovers of saves cut off by a kill: the hub's temp folders and unreferenced saves. */
function removeUnfinishedSaves(workDir: string, keep?: string) {
  for (const name of readdirSync(workDir)) {
    if (name.startsWith('firebase-export-'))
      rmSync(path.join(workDir, name), { recursive: true, force: true });
  }
  const saves = savesDir(workDir);
  if (!existsSync(saves)) return;
  for (const name of readdirSync(saves)) {
    const entry = path.join(saves, name);
    if (name !== 'latest' && entry !== keep) rmSync(entry, { recursive: true, force: true });
  }
}

/**
 * At start, firebase-tools compiles the JSON-schema validators of every Identity Toolkit
 * operation (exegesis with ajv): some 80% of the emulator's start-up CPU. exegesis can compile
 * each on its first use instead (its lazyCompileValidationSchemas option, which firebase-tools
 * leaves off): the same validation, a start about four times faster. This module, loaded into
 * the emulator's process first, turns it on; should exegesis move, the emulator starts slowly.
 */
function lazyValidation(firebaseBin: string): string {
  const code = `
    import { createRequire } from 'node:module';
    try {
      const options = createRequire(${JSON.stringify(firebaseBin)})('exegesis/lib/options');
      const compile = options.compileOptions;
      options.compileOptions = (given) => compile({ ...given, lazyCompileValidationSchemas: true });
    } catch {}`;
  return `data:text/javascript,${encodeURIComponent(code)}`;
}

function run(options: SupervisorOptions) {
  const { workDir, projectId } = options;
  const log = (message: string) => process.stderr.write(`${message}\n`);
  // The store may be gone: writing to its pipes must not crash us before we have saved.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});

  const imported = lastSave(workDir);
  removeUnfinishedSaves(workDir, imported);
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', options.configFile];
  if (options.persist && imported) args.push('--import', imported);

  const emulator: ChildProcess = spawn(
    process.execPath,
    ['--import', lazyValidation(options.firebaseBin), options.firebaseBin, ...args],
    {
      cwd: workDir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Ready means imported too: firebase-tools answers HTTP before it has loaded the saved
  // accounts, and a save taken then would replace the last one with a partial copy.
  let ready = false;
  for (const stream of [emulator.stdout, emulator.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (line.includes(READY_LINE)) ready = true;
      process.stdout.write(`${line}\n`);
    });
  }
  const emulatorExited = new Promise<void>((resolve) => emulator.once('exit', () => resolve()));
  let stopping = false;
  void emulatorExited.then(() => {
    if (!stopping) {
      log('the Firebase Auth emulator exited on its own');
      process.exit(1);
    }
  });

  const owner = { Authorization: 'Bearer owner' };
  const accountsUrl = `http://${options.authAddress}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`;
  /** What the last save holds; undefined until the first one, so the first check saves. */
  let savedState: string | undefined;
  let saving: Promise<void> = Promise.resolve();
  let saveQueued = false;

  async function saveIfChanged() {
    const res = await fetch(accountsUrl, { headers: owner }).catch(() => undefined);
    if (!res?.ok) return; // not ready yet, or going away: the next check tries again
    const state = await res.text();
    if (state === savedState) return;
    const name = `${Date.now()}-${randomBytes(3).toString('hex')}`;
    const target = path.join(savesDir(workDir), name);
    mkdirSync(savesDir(workDir), { recursive: true });
    const exported = await fetch(`http://${options.hubAddress}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: target, initiatedBy: 'parts-depot-store', targets: ['auth'] }),
    });
    if (!exported.ok) throw new Error(`export answered ${exported.status}: ${await exported.text()}`);
    const pointer = `${latestFile(workDir)}.${process.pid}`;
    writeFileSync(pointer, name);
    renameSync(pointer, latestFile(workDir)); // the moment the new save counts
    savedState = state;
    removeUnfinishedSaves(workDir, target);
  }

  /** Queues one check-and-save after the running one; further requests meanwhile share it. */
  function requestSave(): Promise<void> {
    if (!options.persist || !ready) return Promise.resolve();
    if (saveQueued) return saving;
    saveQueued = true;
    saving = saving.then(async () => {
      saveQueued = false;
      await saveIfChanged().catch((error: Error) =>
        log(`could not save the trial accounts: ${error.message}`),
      );
    });
    return saving;
  }
  const interval = setInterval(requestSave, SAVE_INTERVAL_MS);

  async function stop() {
    if (stopping) return;
    stopping = true;
    clearInterval(interval);
    if (emulator.exitCode === null && emulator.signalCode === null) {
      await requestSave();
      emulator.kill('SIGINT');
      const force = setTimeout(() => emulator.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await emulatorExited;
      clearTimeout(force);
    }
    process.exit(0);
  }

  let soon: NodeJS.Timeout | undefined;
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      if (line.trim() !== 'save' || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        void requestSave();
      }, SAVE_SOON_MS);
    })
    .on('close', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

// Written by our own emulator.ts as it starts this process: its options, as JSON (a cast, not a check).
run(JSON.parse(process.argv[2] ?? '{}') as SupervisorOptions);
