import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The boundaries `npm run lint` enforces (.dependency-cruiser.cjs), shown failing. Probe files are
 * never written into src/: each case is a scratch tree with the same layout (src/features/…,
 * src/hooks/…, src/lib/…, src/islands.tsx), cruised with this app's own config.
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
/** The workspace's own dependency-cruiser (hoisted to the repository's node_modules). */
const depcruise = path.resolve(webRoot, '../../node_modules/.bin/depcruise');
const scratch = mkdtempSync(path.join(tmpdir(), 'web-boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What every scratch tree holds: a feature `parts` with an index, a page, a component and islands,
 * and a shared hook.
 */
const BASE = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler' },
  }),
  'src/features/parts/index.ts': "export { PartCard } from './components/part-card';\n",
  'src/features/parts/components/part-card.tsx': 'export const PartCard = () => null;\n',
  'src/features/parts/pages/catalog-page.tsx': 'export default function CatalogPage() {\n  return null;\n}\n',
  'src/features/parts/islands.ts': "import './components/part-card';\n",
  'src/hooks/use-probe.ts': 'export const useProbe = () => null;\n',
};

async function cruise(probe: string, source: string) {
  const root = mkdtempSync(path.join(scratch, 'tree-'));
  for (const [name, text] of Object.entries({ ...BASE, [probe]: source })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  try {
    await run(depcruise, ['--config', path.join(webRoot, '.dependency-cruiser.cjs'), 'src'], {
      cwd: root,
    });
    return { failed: false, output: '' };
  } catch (error) {
    // execFile's error carries what the command printed.
    const printed = (key: 'stdout' | 'stderr') =>
      error instanceof Error && key in error
        ? String(Object.getOwnPropertyDescriptor(error, key)?.value ?? '')
        : '';
    return { failed: true, output: printed('stdout') + printed('stderr') };
  }
}

describe('web boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['its index.ts', "export * from '../parts';\n"],
    ['its internals', "export { default } from '../parts/pages/catalog-page';\n"],
  ])('refuse a feature importing another feature through %s', async (_, source) => {
    const result = await cruise('src/features/home/boundary-probe.ts', source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain('features-stand-alone');
  });

  it('refuse a feature’s island importing another feature', async () => {
    const result = await cruise(
      'src/features/catalog/islands.ts',
      "import '../parts/components/part-card';\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('features-stand-alone');
  });

  it.each([
    ['src/lib/boundary-probe.ts', "export * from '../features/parts';\n"],
    ['src/components/boundary-probe.tsx', "export { PartCard } from '../features/parts';\n"],
    ['src/hooks/use-boundary-probe.ts', "export * from '../features/parts';\n"],
  ])('refuse a shared layer (%s) importing a feature', async (probe, source) => {
    const result = await cruise(probe, source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain('shared-layers-never-import-features');
  });

  it('refuse the shell (app/) reaching past a feature’s index and pages', async () => {
    const result = await cruise(
      'src/app/boundary-probe.ts',
      "export { PartCard } from '../features/parts/components/part-card';\n",
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('app-uses-features-through-index-or-pages');
  });

  it.each([
    ['src/islands.tsx', "import './features/parts/components/part-card';\n"],
    ['src/ssr/render-page.tsx', "export { PartCard } from '../features/parts/components/part-card';\n"],
  ])('refuse an entry point (%s) reaching into a feature', async (probe, source) => {
    const result = await cruise(probe, source);
    expect(result.failed).toBe(true);
    expect(result.output).toContain('entries-use-features-through-index');
  });

  it.each([
    ['src/features/parts/boundary-probe.ts', "export { PartCard } from './components/part-card';\n"],
    ['src/features/home/boundary-probe.ts', "export * from '../../hooks/use-probe';\n"],
    ['src/islands.tsx', "import './features/parts/islands';\n"],
    ['src/ssr/render-page.tsx', "export * from '../features/parts';\n"],
  ])('let %s import what its layer may', async (probe, source) => {
    expect(await cruise(probe, source)).toEqual({ failed: false, output: '' });
  });
});
