import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (customers' names and addresses), the token secret, the
 * Auth emulator's accounts and the uploads: it is the owner's alone.
 *
 * `process.umask(0o077)` makes everything this process and its children (the Auth emulator
 * inherits the umask) create from now on owner-only, whatever mode a library asks for. Walking
 * the folder tightens what an older version left behind.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenDataDir(dataDir);
}

/**
 * Directories 0700, files 0600. Also needed after PGlite creates a new database: it unpacks its
 * initial files with an explicit chmod 0666, which no umask covers. Symlinks are left alone
 * (chmod would follow them out of the folder), as is what vanishes mid-walk (the emulator may
 * be starting alongside).
 */
export function tightenDataDir(target: string): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    let entries: string[] = [];
    try {
      entries = readdirSync(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const entry of entries) tightenDataDir(path.join(target, entry));
  } else if (stats.isFile() && (stats.mode & 0o777) !== 0o600) {
    chmodSync(target, 0o600);
  }
}
