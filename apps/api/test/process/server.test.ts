import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedParts } from '../../src/db/seed-data.js';
import { apiRoot } from '../../src/lib/paths.js';

/** Starts the real server process (src/server.ts under tsx) on the embedded database. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function runOnce(port: number) {
  const server = start({ PORT: String(port) });
  await waitFor(() => server.output().includes('store listening'), 'the store to listen');
  const res = await fetch(`http://127.0.0.1:${port}/api/parts?limit=1`);
  const totalParts = Number(res.headers.get('x-total-count'));
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, totalParts, output: server.output() };
}

describe('the server process', () => {
  it('keeps its data across a restart, seeds once, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await runOnce(port);
    expect(first.code).toBe(0);
    expect(first.totalParts).toBe(seedParts.length);
    expect(first.output).toContain('seeded the demo catalog');
    expect(first.output).toContain('stopped');

    const second = await runOnce(port);
    expect(second.code).toBe(0);
    expect(second.totalParts).toBe(seedParts.length);
    expect(second.output).not.toContain('seeded the demo catalog');
  }, 90_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  }, 30_000);
});
