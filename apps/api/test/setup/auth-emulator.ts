import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type AuthEmulator, startAuthEmulator } from '../../src/auth/emulator.js';
import { freePort } from '../../src/lib/free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export const TEST_FIREBASE_PROJECT = 'demo-parts-depot-test';

/**
 * One real Firebase Auth emulator for the whole run, shared by the database projects (each
 * project calls this setup; the first starts it, the last to finish stops it).
 */
const shared = globalThis as typeof globalThis & {
  authEmulator?: Promise<{ emulator: AuthEmulator; workDir: string }>;
  authEmulatorUsers?: number;
};

export default async function setup(project: TestProject) {
  shared.authEmulatorUsers = (shared.authEmulatorUsers ?? 0) + 1;
  shared.authEmulator ??= (async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'store-auth-emulator-'));
    const emulator = await startAuthEmulator({
      host: `127.0.0.1:${await freePort()}`,
      projectId: TEST_FIREBASE_PROJECT,
      workDir,
      persist: false,
    });
    return { emulator, workDir };
  })();
  const { emulator } = await shared.authEmulator;
  project.provide('authEmulatorHost', emulator.host);

  return async () => {
    shared.authEmulatorUsers = (shared.authEmulatorUsers ?? 1) - 1;
    if (shared.authEmulatorUsers > 0 || !shared.authEmulator) return;
    const { emulator: running, workDir } = await shared.authEmulator;
    shared.authEmulator = undefined;
    await running.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
