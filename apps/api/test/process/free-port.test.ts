import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortIn, type PortRange } from '../../src/lib/free-port.js';
import { apiRoot } from '../../src/lib/paths.js';

/**
 * Ten ports with a folder of their own, so the test can fill every reservation itself; below the
 * range the store and the other tests pick from, so none of them takes one meanwhile.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'port-reservations-'));
const from = 10_000 + Math.floor(Math.random() * 999) * 10;
const range: PortRange = { dir, from, to: from + 9 };
const ports = Array.from({ length: 10 }, (_, i) => range.from + i);

const sleeper = spawn('sleep', ['600']);
const deadPid = spawnSync('true').pid;
const held: Server[] = [];

afterAll(() => {
  sleeper.kill('SIGKILL');
  for (const server of held) server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('freePort', () => {
  it('skips ports a live process reserved or listens on, reuses a dead one’s once it is gone, and never hands one out twice', async () => {
    const [live, dead] = [ports.slice(0, 5), ports.slice(5)];
    for (const port of live) writeFileSync(path.join(dir, String(port)), String(sleeper.pid));
    for (const port of dead) writeFileSync(path.join(dir, String(port)), String(deadPid));
    // Whatever else on the machine listens in the range is skipped too, reserved or not.
    const busy = dead[0] as number;
    held.push(await listenOn(busy));

    const picked = [];
    for (let i = 0; i < dead.length - 1; i += 1) picked.push(await freePortIn(range));
    expect(picked.sort((a, b) => a - b)).toEqual(dead.slice(1));
    await expect(freePortIn(range)).rejects.toThrow(`no free port between ${range.from} and ${range.to}`);

    sleeper.kill('SIGKILL');
    await new Promise((resolve) => sleeper.once('exit', resolve));
    expect(live).toContain(await freePortIn(range));
    await new Promise((resolve) => held.pop()?.close(resolve));
  });

  it('lets another process pick only what this one has not, and releases its own on exit', async () => {
    const fresh: PortRange = { ...range, dir: path.join(dir, 'fresh') };
    const ours = await freePortIn(fresh);
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { freePortIn } from './src/lib/free-port.ts';
         const range = ${JSON.stringify(fresh)};
         const picked = [];
         for (let i = 0; i < 9; i += 1) picked.push(await freePortIn(range));
         console.log(JSON.stringify(picked));`,
      ],
      { cwd: apiRoot, encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    const theirs = JSON.parse(child.stdout) as number[];
    expect(new Set(theirs).size).toBe(9);
    expect(theirs).not.toContain(ours);
    expect(readdirSync(fresh.dir)).toEqual([String(ours)]); // the child's went with it
    expect(existsSync(path.join(fresh.dir, String(ours)))).toBe(true);
  });
});

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
