import path from 'node:path';
import { atCleanup } from '../read-path/cleanup.js';
import { endGroup, exited, spawnBenchScript } from '../read-path/processes.js';

export interface InsertLimit {
  base: string;
  /** The server's node process (its CPU time is read per insert). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts insert-limit-server.ts as a process of its own, on `databaseUrl`, with a pool of
 * `poolSize`; its table is made first (an unlogged table would not be durable: this one is).
 */
export async function startInsertLimit(
  databaseUrl: string,
  poolSize: number,
  executeSql: (text: string) => Promise<unknown>,
): Promise<InsertLimit> {
  await executeSql(
    'create table if not exists bench_insert_limit (id bigint generated always as identity primary key, body text not null, created_at timestamptz not null default now())',
  );
  const child = spawnBenchScript(
    path.join(import.meta.dirname, 'insert-limit-server.ts'),
    [databaseUrl, String(poolSize)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const pid = child.pid;
  const gone = exited(child);
  const stop = atCleanup(`stop the insert limit server (pid ${pid})`, async () => {
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await endGroup(pid, 'the insert limit server');
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    void gone.then((code) =>
      reject(new Error(`the insert limit server ended (exit code ${code}) before listening`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, pid, stop };
}
