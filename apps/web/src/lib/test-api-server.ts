import type { Server } from 'node:http';
import { vi } from 'vitest';

/**
 * Tests only: points the API client at `server` (listening on loopback) and gives the session a
 * localStorage of its own; the modules under test are then imported afresh.
 */
export async function useTestApiServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${portOf(server)}`);
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.resetModules();
}

/** The port a server listening on TCP was given. */
export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on TCP');
  return address.port;
}
