import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from '../lib/free-port.js';
import { apiRoot } from '../lib/paths.js';
import { asError, codeOf } from '../lib/thrown.js';
import type { SupervisorOptions } from './emulator-supervisor.js';

/**
 * Runs the Firebase Auth emulator (firebase-tools): the identity provider of the embedded store
 * and of the tests. It runs under emulator-supervisor.ts in a process group of its own, which
 * stops it when the store goes away however it goes. With `persist` its accounts are saved in
 * `workDir` after every change and imported on the next start, so they survive restarts and
 * kills like the embedded database does.
 */
export interface AuthEmulator {
  host: string;
  /** Call after anything that may have changed an account: saves within a second. */
  accountsChanged(): void;
  stop(): Promise<void>;
}

interface EmulatorLogger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The emulator's list of the e-mails it would have sent (verification and password-reset links),
 * on loopback only: the store never forwards `/emulator/` (auth/emulator-proxy.ts).
 */
export const emulatorOutboxUrl = (host: string, projectId: string) =>
  `http://${host}/emulator/v1/projects/${projectId}/oobCodes`;

/** What firebase-tools prints once every emulator has started and imported its data. */
export const READY_LINE = 'All emulators ready';
const READY_TIMEOUT_MS = 90_000;
/** The supervisor saves, then gives the emulator 10 s to stop. */
const STOP_TIMEOUT_MS = 20_000;

/**
 * "<supervisor pid> <store pid>": the supervisor's pid is also its process group's id (it is
 * spawned detached); the store's tells a leftover from the emulator of a store still running.
 */
const pidFile = (workDir: string) => path.join(workDir, 'emulator.pid');

/** The emulator's stand-in for an e-mail: a link to its action page (verify, reset). */
const ACTION_LINK = /https?:\/\/\S+\/emulator\/action\?\S+/;

export async function startAuthEmulator(options: {
  host: string;
  projectId: string;
  /** Where firebase.json, the pid file and (with persist) the saved accounts live. */
  workDir: string;
  persist: boolean;
  logger?: EmulatorLogger;
}): Promise<AuthEmulator> {
  const { workDir, logger } = options;
  const [hostname = '127.0.0.1', portText = '9099'] = options.host.split(':');
  const port = Number(portText);
  mkdirSync(workDir, { recursive: true });
  await stopLeftoverEmulator(workDir, logger);
  await assertAddressFree(hostname, port);

  const reachable = hostname === '0.0.0.0' ? '127.0.0.1' : hostname;
  const [hubPort, loggingPort] = [await freePort(hostname), await freePort(hostname)];
  const configFile = path.join(workDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port },
        hub: { host: hostname, port: hubPort },
        logging: { host: hostname, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const supervisorOptions: SupervisorOptions = {
    firebaseBin: path.join(
      path.dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json')),
      'lib/bin/firebase.js',
    ),
    workDir,
    configFile,
    projectId: options.projectId,
    authAddress: `${reachable}:${port}`,
    hubAddress: `${reachable}:${hubPort}`,
    persist: options.persist,
  };

  // detached: a group of its own, out of reach of the signals sent to the store's group.
  const child = spawn(process.execPath, [...supervisorEntry(), JSON.stringify(supervisorOptions)], {
    cwd: apiRoot,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid) writeFileSync(pidFile(workDir), `${pid} ${process.pid}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin.on('error', () => {}); // a supervisor that died is reported by its exit

  let output = '';
  const remember = (line: string) => {
    output = `${output}${line}\n`.slice(-20_000);
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    remember(line);
    // The e-mail verification and password-reset links: with the emulator they are only here.
    // Only the link is logged: the emulator's line also names the address, and logs carry none.
    const link = stripVTControlCharacters(line).match(ACTION_LINK)?.[0];
    if (link) logger?.info(`Auth emulator e-mail action link (trial sign-in, follow it to act): ${link}`);
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    remember(line);
    logger?.warn(`Auth emulator: ${line}`);
  });

  const running = { child, exited, workDir };
  try {
    await waitUntilReady(child.stdout, exited);
  } catch (error) {
    await stop(running);
    throw new Error(
      `The Firebase Auth emulator did not start on ${options.host}: ${asError(error).message}\n${output}`,
    );
  }
  logger?.info(`Firebase Auth emulator ready on ${options.host} (project ${options.projectId})`);
  // The emulator sends no e-mail: a newcomer verifying an address (or resetting a password) needs
  // this page of links, and its project id is this data folder's own, so only the store can say
  // where it is.
  logger?.info(
    `E-mail verification and password-reset links (the emulator sends no e-mail): ${emulatorOutboxUrl(`${reachable}:${port}`, options.projectId)}`,
  );

  return {
    host: `${hostname}:${port}`,
    accountsChanged: () => {
      if (child.exitCode === null && child.signalCode === null) child.stdin.write('save\n');
    },
    stop: () => stop(running),
  };
}

/** From source (tsx, vitest) the supervisor runs under tsx; from dist/ it is bundled beside. */
function supervisorEntry(): string[] {
  if (fileURLToPath(import.meta.url).endsWith('.ts')) {
    return ['--import', 'tsx', path.join(apiRoot, 'src/auth/emulator-supervisor.ts')];
  }
  return [path.join(apiRoot, 'dist/auth/emulator-supervisor.js')];
}

/** Ready once firebase-tools says so: by then it has also imported the saved accounts. */
function waitUntilReady(output: NodeJS.ReadableStream, exited: Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    createInterface({ input: output }).on('line', (line) => {
      if (line.includes(READY_LINE)) done();
    });
    void exited.then(() => done(new Error('the emulator process exited')));
  });
}

/** SIGTERM asks the supervisor to save and stop the emulator; a hung group is killed. */
async function stop({
  child,
  exited,
  workDir,
}: {
  child: ChildProcess;
  exited: Promise<void>;
  workDir: string;
}) {
  const pid = child.pid;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const force = setTimeout(() => killGroup(pid, 'SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(force);
  }
  killGroup(pid, 'SIGKILL'); // anything the supervisor left behind
  if (pid && readPids(workDir)?.supervisor === pid) rmSync(pidFile(workDir), { force: true });
}

function killGroup(pgid: number | undefined, signal: NodeJS.Signals) {
  if (!pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {} // already gone
}

function readPids(workDir: string): { supervisor: number; store: number } | undefined {
  try {
    const [supervisor = 0, store = 0] = readFileSync(pidFile(workDir), 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(supervisor) && supervisor > 0 ? { supervisor, store } : undefined;
  } catch {
    return undefined;
  }
}

/** Processes that still run (zombies only wait to be reaped); Linux's /proc tells us more. */
const procfs = existsSync('/proc/self/stat');

function processState(pid: number): { state: string; ppid: number; pgrp: number } | undefined {
  try {
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing paren.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid), pgrp: Number(pgrp) };
  } catch {
    return undefined;
  }
}

function groupAlive(pgid: number): boolean {
  if (!procfs) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return codeOf(error) === 'EPERM';
    }
  }
  return readdirSync('/proc').some((name) => {
    if (!/^\d+$/.test(name)) return false;
    const info = processState(Number(name));
    return info?.pgrp === pgid && info.state !== 'Z';
  });
}

/** Is the group's leader our supervisor, still running? */
function supervisorRunning(pgid: number): boolean {
  if (!procfs) {
    try {
      process.kill(pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const info = processState(pgid);
  if (!info || info.state === 'Z') return false;
  try {
    return readFileSync(`/proc/${pgid}/cmdline`, 'utf8').includes('emulator-supervisor');
  } catch {
    return false;
  }
}

/**
 * Is this group still the one our supervisor led? While its leader runs, the leader's command
 * line says so. Once the leader is gone, Linux does not reuse its id while the group has
 * members, so they can only be the emulator it started.
 */
function isSupervisorGroup(pgid: number): boolean {
  const leader = procfs ? processState(pgid) : undefined;
  return !leader || leader.state === 'Z' || supervisorRunning(pgid);
}

/**
 * A store killed together with its supervisor (kill -9 of both, an out-of-memory kill) may
 * leave the emulator running, holding its port and a stale copy of the accounts. Stop it before
 * starting a new one; if its supervisor still runs (saving after its store died), let it finish.
 */
async function stopLeftoverEmulator(workDir: string, logger?: EmulatorLogger) {
  const { supervisor: pgid, store } = readPids(workDir) ?? { supervisor: 0, store: 0 };
  if (pgid && supervisorRunning(pgid) && processState(pgid)?.ppid === store) {
    // Still its store's child: that store runs (on a shared PostgreSQL, without the data lock).
    throw new Error(`a store (pid ${store}) still runs the Auth emulator in ${workDir}: stop it first`);
  }
  if (pgid && groupAlive(pgid) && isSupervisorGroup(pgid)) {
    logger?.warn(`stopping the Auth emulator an earlier store left running (process group ${pgid})`);
    // The supervisor saves, then stops the emulator; without it, the emulator is told directly.
    if (supervisorRunning(pgid)) process.kill(pgid, 'SIGTERM');
    else killGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
    killGroup(pgid, 'SIGKILL');
    for (let tries = 0; groupAlive(pgid) && tries < 50; tries++) await sleep(100);
  }
  rmSync(pidFile(workDir), { force: true });
}

function assertAddressFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${host}:${port} is already in use (another store or emulator?): stop it, or set FIREBASE_AUTH_EMULATOR_HOST to a free address`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * The project id of the emulator a store starts for itself: one per data folder, made once and
 * kept beside its accounts, so two stores on one machine never see each other's accounts.
 */
export function dataDirProjectId(workDir: string): string {
  const file = path.join(workDir, 'project-id');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^demo-[a-z0-9-]{1,35}$/.test(kept)) return kept;
  } catch {}
  mkdirSync(workDir, { recursive: true });
  const id = `demo-parts-depot-${randomBytes(3).toString('hex')}`;
  writeFileSync(file, `${id}\n`);
  return id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
