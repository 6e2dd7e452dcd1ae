import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries `npm run lint` enforces (.dependency-cruiser.cjs), shown failing: a probe file
 * with a forbidden import is written into the tree, cruised, and removed.
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

async function cruise(probe: string, source: string) {
  const file = path.join(webRoot, probe);
  writeFileSync(file, source);
  try {
    await run('npx', ['depcruise', '--config', '.dependency-cruiser.cjs', probe], { cwd: webRoot });
    return { failed: false, output: '' };
  } catch (error) {
    // execFile's error carries what the command printed.
    const printed = (key: 'stdout' | 'stderr') =>
      error instanceof Error && key in error
        ? String(Object.getOwnPropertyDescriptor(error, key)?.value ?? '')
        : '';
    return { failed: true, output: printed('stdout') + printed('stderr') };
  } finally {
    rmSync(file, { force: true });
  }
}

describe('web boundaries', () => {
  it('refuse a feature reaching into another feature’s internals', async () => {
    const result = await cruise(
      'src/features/home/boundary-probe.ts',
      "export { default } from '../parts/pages/catalog-page';\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('feature-only-through-index');
  }, 60_000);

  it('refuse lib/ or components/ importing a feature', async () => {
    const result = await cruise('src/lib/boundary-probe.ts', "export * from '../features/parts';\n");
    expect(result.failed).toBe(true);
    expect(result.output).toContain('shared-layers-never-import-features');
  }, 60_000);

  it('let a feature use another through its index.ts', async () => {
    const result = await cruise('src/features/home/boundary-probe.ts', "export * from '../parts';\n");
    expect(result).toEqual({ failed: false, output: '' });
  }, 60_000);
});
