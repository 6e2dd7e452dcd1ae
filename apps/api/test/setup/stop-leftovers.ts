import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A run that was killed (Ctrl-C twice, a CI timeout) cannot clean up after itself: the stores
 * its process tests started run in process groups of their own and outlive it, each with its
 * Auth emulator. Before the process tests start, stop such orphans, so that every run starts
 * clean. Only stores of the tests (a DATA_DIR under the temp folder) whose test runner is gone
 * are touched; a store started by hand, or by a run still going, is left alone.
 */
const TEST_DATA = path.join(tmpdir(), 'store-');

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  cmdline: string;
}

function read(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [, ppid = '0', pgid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(ppid), pgid: Number(pgid), cmdline };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

function dataDirOf(pid: number): string | undefined {
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return environ.find((entry) => entry.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
  } catch {
    return undefined;
  }
}

/**
 * Its runner is gone when no process above it is a test runner (vitest, Playwright) or the bench
 * (`npm run bench`, whose stores' DATA_DIR is under the temp folder too: a test run beside a bench
 * used to kill the bench's store in the middle of a measurement).
 */
function orphaned(store: ProcessInfo): boolean {
  for (let pid = store.ppid, depth = 0; pid > 1 && depth < 32; depth += 1) {
    const ancestor = read(pid);
    if (!ancestor) return true;
    if (/vitest|playwright|bench\/read-path\/main\.ts/.test(ancestor.cmdline)) return false;
    pid = ancestor.ppid;
  }
  return true;
}

export default function stopLeftovers() {
  if (!existsSync('/proc')) return;
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((p): p is ProcessInfo => !!p && p.pid !== process.pid);
  const stores = all
    .filter((p) => /\bsrc\/server\.ts\b|\bdist\/server\.js\b/.test(p.cmdline))
    .filter((p) => dataDirOf(p.pid)?.startsWith(TEST_DATA) && orphaned(p));
  // An emulator whose store and supervisor were both killed at once (out of memory, say).
  const emulators = all.filter(
    (p) => p.ppid <= 1 && p.cmdline.includes('emulators:start') && p.cmdline.includes(TEST_DATA),
  );
  for (const store of [...stores, ...emulators]) {
    try {
      // A store's emulator supervisor sees the store go and stops the emulator itself.
      process.kill(store.pgid === store.pid ? -store.pid : store.pid, 'SIGKILL');
      console.log(
        `stopped a process left by an earlier test run: ${store.pid} ${store.cmdline.slice(0, 80)}`,
      );
    } catch {
      // Gone meanwhile.
    }
  }
}
