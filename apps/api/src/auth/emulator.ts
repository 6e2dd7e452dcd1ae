import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Runs the Firebase Auth emulator (firebase-tools) as a child process: the identity provider of
 * the embedded store and of the tests. With `stateDir` its accounts are exported there on stop
 * and imported on the next start, so they survive restarts like the embedded database does.
 */
export interface AuthEmulator {
  host: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

export async function startAuthEmulator(options: {
  host: string;
  projectId: string;
  /** Where firebase.json, logs and (with persist) the exported accounts live. */
  workDir: string;
  persist: boolean;
  log?: (line: string) => void;
}): Promise<AuthEmulator> {
  const [hostname = '127.0.0.1', portText = '9099'] = options.host.split(':');
  const port = Number(portText);
  mkdirSync(options.workDir, { recursive: true });
  const [hubPort, loggingPort] = [await freePort(hostname), await freePort(hostname)];
  const configFile = path.join(options.workDir, 'firebase.json');
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

  const exportDir = path.join(options.workDir, 'accounts');
  const args = ['emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configFile];
  if (options.persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }

  const firebaseBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
  const child = spawn(process.execPath, [firebaseBin, ...args], {
    cwd: options.workDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  try {
    await waitUntilReady(`http://${hostname}:${port}/`, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `The Firebase Auth emulator did not start on ${options.host}: ${(error as Error).message}\n${output}`,
    );
  }
  options.log?.(`Firebase Auth emulator ready on ${options.host} (project ${options.projectId})`);

  return {
    host: `${hostname}:${port}`,
    stop: () => stop(child, exited),
  };
}

async function waitUntilReady(url: string, exited: Promise<number | null>) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error('the emulator process exited');
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

/** SIGINT lets firebase-tools export the accounts before it exits. */
async function stop(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null) return;
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
