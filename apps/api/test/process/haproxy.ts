import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../src/lib/paths.js';
import { eventually } from '../support/eventually.js';
import { freePort } from './store-process.js';

/**
 * Debian's HAProxy (installed by .ci/run) in front of two stores, run with the repository's own
 * deploy/haproxy.cfg (the one docker-compose.yml uses), its addresses given by the environment.
 * A missing HAProxy is a failure, never a skip: CI must prove the proxied setup.
 */
export const HAPROXY = '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = path.resolve(apiRoot, '../../deploy/haproxy.cfg');

export interface Haproxy {
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startHaproxy(stores: { port: number }[]): Promise<Haproxy> {
  if (!existsSync(HAPROXY))
    throw new Error(`${HAPROXY} is missing: install Debian's haproxy package (.ci/run does)`);
  const port = await freePort();
  const child = spawn(HAPROXY, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH,
      HAPROXY_BIND: `127.0.0.1:${port}`,
      STORE_A: `127.0.0.1:${stores[0]?.port}`,
      STORE_B: `127.0.0.1:${stores[1]?.port}`,
    },
    detached: true, // its own process group, killed whole in stop()
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {} // already gone
    await exited;
  };
  // Ready once both servers passed their health check (HAProxy answers 503 before).
  let up = false;
  const probe = async () => {
    const answers = await Promise.all(
      [0, 1].map(() =>
        fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.status)
          .catch(() => 0),
      ),
    );
    up = answers.every((s) => s === 200);
    return up;
  };
  try {
    await eventually(async () => child.exitCode !== null || (await probe()), {
      what: 'HAProxy to see both stores healthy',
      timeout: 30_000,
    });
    if (!up) throw new Error(`HAProxy did not start:\n${output}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, child, output: () => output, stop };
}
