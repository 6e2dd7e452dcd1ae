import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process the bench starts runs in a process group of its own (detached), out of reach of
 * the terminal's Ctrl-C: the bench stops them itself, in order, and then checks through /proc
 * that nothing of the group is left.
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

export function killGroup(pgid: number | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!pgid) return;
  try {
    process.kill(-pgid, signal);
  } catch {} // already gone
}

/** The processes (zombies aside) still in a process group, read from Linux's /proc. */
export function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false; // exited while we looked
      }
    })
    .map(Number);
}

/** Kills what is left of a group and waits until /proc shows none of it. */
export async function endGroup(pgid: number | undefined, what: string) {
  if (!pgid) return;
  killGroup(pgid);
  const deadline = Date.now() + 10_000;
  while (groupMembers(pgid).length > 0) {
    if (Date.now() > deadline) throw new Error(`${what} (process group ${pgid}) would not end`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A node child running a TypeScript file of the bench (through tsx), in its own group. */
export function spawnBenchScript(script: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawnGroup(process.execPath, ['--import', 'tsx', script, ...args], options);
}
