import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, type Store, startedStore, trackDataDir } from './store-process.js';

const parent = mkdtempSync(path.join(tmpdir(), 'store-private-'));
// The store creates this folder itself, as on a first start.
const dataDir = trackDataDir(path.join(parent, 'data'));
let store: Store | undefined;
afterAll(async () => {
  await cleanUp();
  rmSync(parent, { recursive: true, force: true });
});

/** Not the store's: left as they are. */
const foreign = new Set(['operator-notes.txt', 'uploads/linked.webp']);

/** Every path under `root` (itself included) whose mode lets anyone but the owner in. */
function exposed(root: string): string[] {
  const found: string[] = [];
  const visit = (target: string) => {
    const stats = lstatSync(target);
    if (stats.isSymbolicLink() || foreign.has(path.relative(root, target))) return;
    const mode = stats.mode & 0o777;
    const expected = stats.isDirectory() ? 0o700 : 0o600;
    if (mode !== expected) found.push(`${path.relative(root, target) || '.'} ${mode.toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  visit(root);
  return found;
}

function countFiles(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}

async function runAndStop() {
  // With the Auth emulator, so its saved accounts are checked too.
  store = await startedStore(dataDir);
  // It served a request: the database is open and working, not only created.
  expect((await fetch(`http://127.0.0.1:${store.port}/api/parts?limit=1`)).status).toBe(200);
  store.child.kill('SIGTERM');
  expect(await store.exited).toBe(0);
}

describe('the data folder', () => {
  it('is the owner’s alone, from the first start, and tightened on a later one', async () => {
    await runAndStop();
    expect(countFiles(path.join(dataDir, 'pglite'))).toBeGreaterThan(100);
    expect(exposed(dataDir)).toEqual([]);

    // What an older version left: world-writable files and folders.
    const pgliteDir = path.join(dataDir, 'pglite');
    const walFile = readdirSync(path.join(pgliteDir, 'pg_wal')).find((name) => /^[0-9A-F]{24}$/.test(name));
    expect(walFile).toBeDefined();
    chmodSync(path.join(pgliteDir, 'pg_wal', walFile as string), 0o666);
    chmodSync(path.join(dataDir, 'jwt-secret'), 0o666);
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    chmodSync(path.join(dataDir, 'uploads'), 0o777);
    writeFileSync(path.join(dataDir, 'uploads', 'old.webp'), 'x');
    chmodSync(path.join(dataDir, 'uploads', 'old.webp'), 0o644);
    chmodSync(dataDir, 0o777);
    expect(exposed(dataDir)).toHaveLength(5);
    // Not the store's to change: a file someone keeps beside its data, and a link's target.
    const notes = path.join(dataDir, 'operator-notes.txt');
    writeFileSync(notes, 'x', { mode: 0o644 });
    const outside = path.join(parent, 'outside.webp');
    writeFileSync(outside, 'x', { mode: 0o644 });
    symlinkSync(outside, path.join(dataDir, 'uploads', 'linked.webp'));

    await runAndStop();
    expect(exposed(dataDir)).toEqual([]);
    expect(statSync(notes).mode & 0o777).toBe(0o644);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  }, 240_000);
});
