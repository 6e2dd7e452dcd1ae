import { lstatSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeOf } from './thrown.js';

/**
 * Ports a store picks for itself (its Auth emulator's hub and logging) and tests pick for what
 * they start. A port is free when probed but only taken when its user listens, seconds later
 * (an emulator takes ~10 s to start). Two pickers that probe the same port in that gap both get
 * it, and one of them fails with "address in use". So every picker of this user first reserves
 * the port, with a file named after it that holds the picker's pid, made only if none exists: a
 * reserved port is skipped. Reservations go when their process exits, or, if it was killed, when
 * a later picker first looks. The folder is the user's own (0700): no one else's files in it.
 *
 * Picked below Linux's ephemeral range (32768–60999): a port the OS hands out for `listen(0)`
 * is also what it hands to outgoing connections (a database or Redis client could take it).
 */
export interface PortRange {
  /** Where the reservations are kept: one folder for every picker of this user. */
  dir: string;
  from: number;
  to: number;
}

const machineWide: PortRange = {
  dir: path.join(tmpdir(), `parts-depot-ports-${process.getuid?.() ?? 'user'}`),
  from: 20_000,
  to: 32_767,
};
const mine = new Set<string>();
const pruned = new Set<string>();

export const freePort = (host = '127.0.0.1') => freePortIn(machineWide, host);

export async function freePortIn(range: PortRange, host = '127.0.0.1'): Promise<number> {
  if (!pruned.has(range.dir)) pruneDead(range.dir);
  const size = range.to - range.from + 1;
  // Twice: after a sweep that found nothing, the reservations of pickers gone since are removed.
  for (let sweep = 0; sweep < 2; sweep += 1) {
    if (sweep > 0) pruneDead(range.dir);
    // From a random place, so that pickers starting together rarely try the same ports first.
    const start = Math.floor(Math.random() * size);
    for (let step = 0; step < Math.min(size, 500); step += 1) {
      const port = range.from + ((start + step) % size);
      if (reserve(range.dir, port) && (await canListen(host, port))) return port;
    }
  }
  throw new Error(`no free port between ${range.from} and ${range.to} on ${host}`);
}

/** Whether the port is now this process's to use: no one had reserved it. */
function reserve(dir: string, port: number): boolean {
  const file = path.join(dir, String(port));
  if (mine.has(file)) return false; // handed out already
  try {
    if (!ownFolder(dir)) throw new Error(`${dir} is not this user's own folder`);
    // 'wx': made only if nothing is there, a link included.
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    // No folder to keep reservations in: the probe alone decides.
  }
  if (mine.size === 0) process.once('exit', releaseAll);
  mine.add(file);
  return true;
}

/** The folder exists, is a folder (not a link), and is this user's alone. */
function ownFolder(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folder = lstatSync(dir);
  return folder.isDirectory() && (process.getuid === undefined || folder.uid === process.getuid());
}

/** Removes the reservations of pickers that were killed (an exit handler never ran). */
function pruneDead(dir: string) {
  pruned.add(dir);
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {} // none yet
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (!isAlive(ownerOf(file))) unlinkSync(file);
    } catch {} // another picker's prune, or not ours to remove
  }
}

function ownerOf(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM'; // alive, someone else's
  }
}

function releaseAll() {
  for (const file of mine) {
    try {
      if (ownerOf(file) === process.pid) unlinkSync(file);
    } catch {} // already gone
  }
  mine.clear();
}

function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
