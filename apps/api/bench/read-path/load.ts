import path from 'node:path';
import { atCleanup } from './cleanup.js';
import type { LoadJob, LoadSummary } from './load-worker.js';
import { endGroup, exited, spawnBenchScript } from './processes.js';

/** Runs one measurement in a fresh load-worker.ts process and returns its summary. */
export async function measure(job: LoadJob): Promise<LoadSummary> {
  const child = spawnBenchScript(path.join(import.meta.dirname, 'load-worker.ts'), [], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  const stop = atCleanup(`stop the load generator (pid ${pid})`, () => endGroup(pid, 'the load generator'));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  const gone = exited(child);
  child.stdin?.end(JSON.stringify(job));
  const code = await gone;
  await stop();
  const line = output.trim().split('\n').at(-1);
  if (code !== 0 || !line)
    throw new Error(`the load generator failed (exit code ${code}) on ${job.route.path}`);
  return JSON.parse(line) as LoadSummary;
}
