import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { codeOf } from './thrown.js';

/**
 * DATA_DIR holds the embedded database (customers' names and addresses), the token secret, the
 * Auth emulator's accounts and the uploads: it is the owner's alone.
 *
 * `process.umask(0o077)` makes everything this process and its children (the Auth emulator
 * inherits the umask) create from now on owner-only, whatever mode a library asks for. Walking
 * what the store keeps there tightens what an older version left behind.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenDataDir(dataDir);
}

/**
 * What the store keeps in DATA_DIR. Only these are walked: DATA_DIR may be pointed at a folder
 * that also holds other things (even a home directory), whose modes are not ours to change.
 */
const STORE_ENTRIES = ['pglite', 'jwt-secret', 'firebase-auth', 'uploads', 'outbox', 'store.pid'];

/**
 * Tightens DATA_DIR itself and everything the store keeps in it. Also needed after PGlite
 * creates a new database: it unpacks its initial files with an explicit chmod 0666, which no
 * umask covers.
 */
export function tightenDataDir(dataDir: string): void {
  chmodSync(dataDir, 0o700);
  for (const entry of STORE_ENTRIES) tighten(path.join(dataDir, entry));
}

/**
 * Directories 0700, files 0600. Symlinks are left alone (chmod would follow them out of the
 * folder), as is what vanishes mid-walk (the emulator may be starting alongside).
 */
function tighten(target: string): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(target);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    let entries: string[] = [];
    try {
      entries = readdirSync(target);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
    for (const entry of entries) tighten(path.join(target, entry));
  } else if (stats.isFile() && (stats.mode & 0o777) !== 0o600) {
    chmodSync(target, 0o600);
  }
}
