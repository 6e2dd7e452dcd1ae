import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * One embedded database made and migrated once per run, which each test file copies (helpers.ts)
 * instead of making its own: a new in-memory PGlite runs initdb (about 3 s of WASM on this
 * machine, for every test file and every second app a file starts), a copy opens in a tenth of it.
 */
export default async function setup(project: TestProject) {
  // The run's folder: the template, and each file's copy beside it (helpers.ts).
  const dir = mkdtempSync(path.join(tmpdir(), 'store-test-pglite-'));
  const dataDir = path.join(dir, 'template', 'pglite');
  const template = await openPglite(dataDir);
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}
