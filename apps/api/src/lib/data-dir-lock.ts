import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be opened by one process at a time. The running store records its
 * pid here; a second store, or the admin command, sees it and refuses instead of corrupting it.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'store.pid');

export function runningStorePid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0); // signal 0: is it alive?
    return pid;
  } catch {
    return undefined; // a stale file from a store that crashed
  }
}

export function claimDataDir(dataDir: string): () => void {
  const holder = runningStorePid(dataDir);
  if (holder) throw new Error(`Another store (pid ${holder}) is running on ${dataDir}. Stop it first.`);
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
