import path from 'node:path';
import { atCleanup } from './cleanup.js';
import type { CannedResponse } from './limit-server.js';
import { endGroup, exited, spawnBenchScript } from './processes.js';
import type { Route } from './routes.js';

export interface LimitServer {
  base: string;
  stop: () => Promise<void>;
}

const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Each route's answer, asked of the store once (an order is placed for real) and kept byte for
 * byte for the limit server.
 */
export async function cannedResponses(
  base: string,
  routes: Route[],
  headersFor: (route: Route) => Record<string, string>,
): Promise<Record<string, CannedResponse>> {
  const canned: Record<string, CannedResponse> = {};
  for (const route of routes) {
    const res = await fetch(`${base}${route.path}`, {
      method: route.method,
      headers: headersFor(route),
      ...(route.order && { body: route.order.bodies[0] }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${route.method} ${route.path}: ${res.status} ${body.toString()}`);
    canned[routeKey(route)] = {
      status: res.status,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      body: body.toString('base64'),
    };
  }
  return canned;
}

/** Starts limit-server.ts as a process of its own with these answers. */
export async function startLimitServer(answers: Record<string, CannedResponse>): Promise<LimitServer> {
  const child = spawnBenchScript(path.join(import.meta.dirname, 'limit-server.ts'), [], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  const gone = exited(child);
  const stop = atCleanup(`stop the limit server (pid ${pid})`, async () => {
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await endGroup(pid, 'the limit server');
  });
  child.stdin?.end(JSON.stringify(answers));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    void gone.then((code) =>
      reject(new Error(`the limit server ended (exit code ${code}) before listening`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, stop };
}
